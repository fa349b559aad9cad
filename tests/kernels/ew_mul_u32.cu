/* cuda2hlo-test
launch: mul_u32<<<4, 256>>>(a, b, c, n)
buffer: a u32 1024 randint 0 4000000000
buffer: b u32 1024 randint 0 4000000000
buffer: c u32 1024 zeros
scalar: n = 1024
check: c
note: unsigned products wrap modulo 2^32 (defined behaviour)
*/
// Unsigned 32-bit multiply-add with wraparound and a hash-like mix.
__global__ void mul_u32(const unsigned *a, const unsigned *b, unsigned *c, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned h = a[i] * b[i] + 0x9e3779b9u;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    c[i] = h + i;
  }
}
