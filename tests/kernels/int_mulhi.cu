/* cuda2hlo-test
launch: mulhi<<<2, 128>>>(a, b, hi_u, hi_s, hi_u64, n)
buffer: a u32 256 randint 0 4294967296
buffer: b i32 256 randint -2147483648 2147483647
buffer: hi_u u32 256 zeros
buffer: hi_s i32 256 zeros
buffer: hi_u64 u64 256 zeros
scalar: n = 256
check: hi_u
check: hi_s
check: hi_u64
*/
// High halves of products: __umulhi, __mulhi and __umul64hi.
__global__ void mulhi(const unsigned *a, const int *b, unsigned *hi_u, int *hi_s,
                      unsigned long long *hi_u64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  hi_u[i] = __umulhi(a[i], (unsigned)b[i]);
  hi_s[i] = __mulhi((int)a[i], b[i]);
  unsigned long long x = ((unsigned long long)a[i] << 32) | (unsigned)b[i];
  hi_u64[i] = __umul64hi(x, 0x9e3779b97f4a7c15ULL);
}
