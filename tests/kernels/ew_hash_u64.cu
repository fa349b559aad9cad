/* cuda2hlo-test
launch: mix_u64<<<2, 256>>>(x, out, n)
buffer: x u64 500 randint 0 9000000000000000000
buffer: out u64 500 zeros
scalar: n = 500
check: out
note: the MurmurHash3 64-bit finaliser; multiplications wrap modulo 2^64
*/
// Unsigned 64-bit shifts, xors and wrapping multiplies.
__global__ void mix_u64(const unsigned long long *x, unsigned long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned long long k = x[i];
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    out[i] = k;
  }
}
