// RUN: cuda2hlo %s --grid 1 --block 4 --size out=4 -o %out/k.mlir
// ERROR: const_init_default_member\.cu:11:30: error: a constant initialiser of a struct with a default member initialiser \('scale'\) is not supported
// A field that a list leaves out takes its default member initialiser (4.0 here), not
// zero; libclang does not show that value in the list, so the table is refused rather
// than given a zero there.
struct Coef {
  float bias;
  float scale = 4.0f;
};

__constant__ Coef coef[2] = {{1.0f}, {2.0f, 3.0f}};

__global__ void k(float *out) {
  int i = threadIdx.x;
  out[i] = coef[i % 2].bias * coef[i % 2].scale;
}
