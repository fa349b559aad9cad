/* cuda2hlo-test
launch: swap_pairs<<<2, 64>>>(t, g, n)
buffer: t i32 128 randint -2 60
buffer: g u8 64 randint 0 3
scalar: n = 8
check: t rtol=0 atol=0
note: `c ? x : y` of unchanged locals bound to a const reference parameter
*/
// One compare-and-swap step of a bitonic sort of rotations (as suffix-array codes write
// it): the comparison takes its two keys by const reference and the call picks them with
// `f ? t2 : t1`, an lvalue naming one of two locals that never change, so the parameter
// is the chosen value. Negative keys sort last. Each pair (i, i ^ 1) is handled by its
// lower thread only, so no two threads write one element.
__device__ bool rot_less(const int &a, const int &b, const unsigned char *g, int n) {
  if (a < 0) return false;
  if (b < 0) return true;
  for (int i = 0; i < n; i++)
    if (g[(a + i) % 64] != g[(b + i) % 64]) return g[(a + i) % 64] < g[(b + i) % 64];
  return false;
}

__global__ void swap_pairs(int *t, const unsigned char *g, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x, j = i ^ 1u;
  if (j > i) {
    bool f = (i & 2u) == 0;
    int t1 = t[i];
    int t2 = t[j];
    if (rot_less(f ? t2 : t1, f ? t1 : t2, g, n)) {
      t[i] = t2;
      t[j] = t1;
    }
  }
}
