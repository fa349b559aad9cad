// RUN: cuda2hlo %s --grid 1 --block 6 --size out=6 -o %out/k.mlir
// ERROR: const_init_short_row\.cu:9:29: error: a braced row with fewer values \(1\) than its 3 elements is not supported here
// A constant table whose first row lists one value: C++ makes the row 1, 0, 0 and the
// next row 2, 3, 0. The initial values were flattened in order (1, 2, 3, 0, 0, 0: every
// later row shifted), a silently wrong table; refused at the short row until values are
// placed by position. A short last row, and a list of zeros, are exact and accepted.
// A constant array of structs with padding or of fields of another type than the slot
// is refused the same way (tests/bad/cuda2hlo/const_init_padded_struct.cu).
__constant__ int t[2][3] = {{1}, {2, 3}};

__global__ void k(float *out) {
  int i = threadIdx.x;
  out[i] = (float)t[i % 2][i % 3];
}
