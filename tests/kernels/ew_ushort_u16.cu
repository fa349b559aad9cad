/* cuda2hlo-test
launch: ushort_ops<<<2, 256>>>(a, b, out, n)
buffer: a u16 400 randint 0 65536
buffer: b u16 400 randint 0 65536
buffer: out u16 400 zeros
scalar: n = 400
check: out
*/
// Unsigned 16-bit arithmetic: products wrap modulo 2^16 after the store.
__global__ void ushort_ops(const unsigned short *a, const unsigned short *b,
                           unsigned short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned x = a[i], y = b[i];
    out[i] = (unsigned short)(x * y + (x ^ y) + (y >> 4));
  }
}
