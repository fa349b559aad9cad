// RUN-FLAGS: --grid 1 --block 32
// An array of structs whose fields differ in size (a double and an int, with padding):
// the double sets 8-byte slots, and reading the int, which fills one with padding, is refused.
struct Rec { double w; int id; };
__global__ void push(Rec *r, float dt) {
  int i = threadIdx.x;
  r[i].w += dt * r[i].id;
}
