/* cuda2hlo-test
launch: bit_arith<<<2, 100>>>(x, y, out, n)
buffer: x u32 200 randint 0 4294967296
buffer: y u64 200 randint 0 9223372036854775807
buffer: out i32 200 zeros
scalar: n = 200
check: out
*/
// The counts of the integer intrinsics are ints whatever the argument's type (CUDA Math
// API, integer intrinsics): __popc(unsigned), __popcll, __clzll and __ffsll of 64-bit
// values used in int arithmetic with each other and with int constants, not only stored.
__global__ void bit_arith(const unsigned *x, const unsigned long long *y, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = x[i] >> (i % 32);
  unsigned long long w = (i % 5 == 0) ? 0ull : y[i] >> (i % 64);
  int a = __popc(v) + 7;
  int b = __clzll((long long)w) * 2 - __ffsll((long long)w);
  out[i] = a * 3 - b + __popcll(w) + (__popc(v) > 16 ? 1 : -1);
}
