// RUN: cuda2hlo %s --grid 1 --block 4 --size out=4 -o %out/k.mlir
// ERROR: struct_string_field\.cu:13:12: error: a string literal into an array field cannot be translated
// ERROR: note: in kernel 'k'
// A character array field set from a string literal in a brace list: its characters (and
// the terminating zero) are not lowered, so it is refused rather than leaving the field
// zero.
struct Tag {
  char name[4];
  int k;
};

__global__ void k(int *out) {
  Tag s = {"ab", 3};
  out[threadIdx.x] = s.name[threadIdx.x & 3] + s.k;
}
