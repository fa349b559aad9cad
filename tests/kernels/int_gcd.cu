/* cuda2hlo-test
launch: gcd_lcm<<<3, 128>>>(a, b, g, l, n)
buffer: a i32 300 randint 1 100000
buffer: b i32 300 randint 1 100000
buffer: g i32 300 zeros
buffer: l i64 300 zeros
scalar: n = 300
check: g
check: l
*/
// Euclid's algorithm: a while loop on % with a data-dependent trip count; the lcm in 64 bits.
__device__ int gcd(int a, int b) {
  while (b != 0) {
    int t = a % b;
    a = b;
    b = t;
  }
  return a;
}

__global__ void gcd_lcm(const int *a, const int *b, int *g, long long *l, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int x = a[i], y = b[i];
    int d = gcd(x, y);
    g[i] = d;
    l[i] = (long long)(x / d) * y;
  }
}
