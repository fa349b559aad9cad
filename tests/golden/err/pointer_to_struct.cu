// RUN-FLAGS: --grid 1 --block 32
// An array of structs whose fields differ in size (a double and an int, with padding):
// it has no layout as one flat tensor of a scalar type.
struct Rec { double w; int id; };
__global__ void push(Rec *r, float dt) {
  int i = threadIdx.x;
  r[i].w += dt * r[i].id;
}
