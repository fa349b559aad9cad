/* cuda2hlo-test
launch: divmod<<<4, 128>>>(a, b, q, r, q4, r4, sh4, n)
buffer: a i32 500 randint -100000 100000
buffer: b i32 500 randint -20 20
buffer: q i32 500 zeros
buffer: r i32 500 zeros
buffer: q4 i32 500 zeros
buffer: r4 i32 500 zeros
buffer: sh4 i32 500 zeros
scalar: n = 500
check: q
check: r
check: q4
check: r4
check: sh4
note: C semantics: quotients truncate toward zero, a % b has the sign of a,
note: and a / 4 differs from a >> 2 for negative a
*/
// Signed division and remainder with negative operands, by variables and by constants.
__global__ void divmod(const int *a, const int *b, int *q, int *r, int *q4, int *r4, int *sh4, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i];
  if (y == 0) y = -7;
  q[i] = x / y;
  r[i] = x % y;
  q4[i] = x / 4;
  r4[i] = x % 4;
  sh4[i] = x >> 2;
}
