// RUN-FLAGS: --grid 1 --block 32
// A struct value's array field is held element by element: any index may read a scalar
// element (a select), but a store needs a constant index to name its variable.
struct Acc { float s[4]; };
__global__ void acc(const Acc *in, float *o, int k) {
  Acc a = in[threadIdx.x];
  a.s[k & 3] = 0.0f;
  o[threadIdx.x] = a.s[(k + 1) & 3];
}
