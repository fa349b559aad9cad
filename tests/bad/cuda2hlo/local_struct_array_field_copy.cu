// RUN: cuda2hlo %s --grid 1 --block 4 --size out=4 -o %out/k.mlir
// ERROR: local_struct_array_field_copy\.cu:16:8: error: struct field 'slots' cannot be copied here
// ERROR: note: in kernel 'k'
// A local struct's array field of over 64 scalars is a local array of its own
// (tests/kernels/local_struct_array_field.cu); a copy of the whole struct, and a brace
// list for it, are refused at the declaration rather than leaving the copy's array
// unset.
struct Pool {
  int used;
  float slots[96];
};

__global__ void k(float *out) {
  Pool a;
  a.slots[threadIdx.x] = 2.0f;
  Pool b = a;
  out[threadIdx.x] = b.slots[threadIdx.x];
}
