// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 --size out=32 -o %out/k.mlir
// ERROR: struct_array_init_elided\.cu:15:15: error: this initialiser of a local array is not supported \(scalars, a braced list per row\)
// ERROR: note: in kernel 'k'
// A local array of structs whose list gives the fields without the braces of each
// struct (brace elision) stays refused; a brace list or a struct value per element is
// translated (tests/kernels/struct_local_array_init.cu).
struct P {
  float a;
  float b;
};

__global__ void k(const float *x, float *out) {
  int i = threadIdx.x;
  if (i < 32) {
    P p[2] = {x[i], 1.0f, 2.0f, x[i]};
    out[i] = p[0].a + p[1].b;
  }
}
