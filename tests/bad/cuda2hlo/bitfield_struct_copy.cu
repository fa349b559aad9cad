// RUN: cuda2hlo %s --grid 1 --block 32 --size c=32 --size out=32 -o %out/k.mlir
// ERROR: bitfield_struct_copy\.cu:14:7: error: a copy from memory of 'const Counter', which has bit-fields, cannot be translated: only a bit-field's own reads and assignments can
// A whole struct with bit-fields copied out of memory field by field would read each
// bit-field as a whole word: refused at the copy (its fields one by one are translated,
// tests/kernels/struct_bitfield.cu).
struct Counter {
  unsigned hits : 5;
  unsigned tag : 27;
};

__global__ void copy_out(const Counter *c, unsigned *out) {
  int i = threadIdx.x;
  Counter k;
  k = c[i];
  out[i] = k.hits + k.tag;
}
