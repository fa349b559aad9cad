/* cuda2hlo-test
launch: assign_sequenced_bits<<<1, 32>>>(out)
buffer: out u32 64 zeros
check: out
*/
// Stores into the bits of a local variable through a pointer of a narrower type
// (frontend bitview.c) whose subscript and value have effects on the same variable:
// C++17 computes the value first (tests/kernels/assign_sequenced.cu for arrays).
__global__ void assign_sequenced_bits(unsigned *out) {
  int t = threadIdx.x;
  uint2 v = make_uint2(0u, 0u);
  int j = t & 1;
  reinterpret_cast<unsigned short *>(&v)[j++] = (unsigned short)(j + 7);
  reinterpret_cast<unsigned short *>(&v)[(j + 1) & 3] = (unsigned short)(j++ + 100);
  out[2 * t] = v.x;
  out[2 * t + 1] = v.y + 1000u * (unsigned)j;
}
