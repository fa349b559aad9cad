// RUN-FLAGS: --grid 1 --block 32
// An array of structs as a kernel parameter: the module ABI has one flat tensor per
// pointer parameter, of a scalar element type.
struct Particle { float x, v; };
__global__ void push(Particle *p, float dt) {
  int i = threadIdx.x;
  p[i].x += dt * p[i].v;
}
