// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: struct_field_array_store\.cu:14:3: error: 'w.tab' is an array field of a struct passed by value, read as one input of all threads: a store into it cannot be translated
// An array field over 64 scalars of a struct passed by value is one read-only input of
// the module (each CUDA thread has its own copy of the argument; the module has one for
// all), so a store into it is refused at the store. Reads at run-time indices are
// translated (tests/cudart/ok_struct_arrays.cu).
struct Weights {
  float tab[80];
  int n;
};

__global__ void k(Weights w, float *out) {
  int i = threadIdx.x;
  w.tab[i] = 2.0f * w.tab[i + 1];
  out[i] = w.tab[i] + (float)w.n;
}
