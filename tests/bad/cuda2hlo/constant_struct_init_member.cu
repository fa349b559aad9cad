// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 --size out=32 -o %out/k.mlir
// ERROR: constant_struct_init_member\.cu:13:26: error: a constant initialiser of 'Coef' is not supported: its fields are not all f32 without padding
// ERROR: note: in kernel 'k'
// A __constant__ struct with an initialiser: its values are folded into the buffer in a
// row, not at the slots of their fields (here b sits after 124 bytes of padding), so the
// initialiser is refused (decl.c init_flattens); a __shared__ struct's fields are translated
// (tests/kernels/struct_shared_scalar.cu).
struct Coef {
  float a;
  alignas(128) float b;
};

__constant__ Coef coef = {2.0f, 3.0f};

__global__ void k(const float *x, float *out) {
  out[threadIdx.x] = coef.a * x[threadIdx.x] + coef.b;
}
