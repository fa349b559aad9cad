/* cuda2hlo-test
launch: gather_pairs<<<2, 128>>>(x, a, b, out, n)
buffer: x i32 1000 randint -1000 1000
buffer: a i32 200 randint 0 1000
buffer: b i32 200 randint 0 1000
buffer: out i32 200 zeros
scalar: n = 200
check: out
*/
// Two gathers and a dependent third one: out[i] = x[a[i]] - x[b[i]] + x[(a[i] + b[i]) % 1000].
__global__ void gather_pairs(const int *x, const int *a, const int *b, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int p = a[i], q = b[i];
    out[i] = x[p] - x[q] + x[(p + q) % 1000];
  }
}
