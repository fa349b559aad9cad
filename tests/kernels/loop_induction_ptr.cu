/* cuda2hlo-test
launch: walk_stride<<<3, 32>>>(x, y, n)
launch: two_steps<<<2, 32>>>(a, b, last, m)
buffer: x f32 300 uniform -1 1
buffer: y f32 300 zeros
buffer: a i32 48*6 randint -20 20
buffer: b i32 48*12 zeros
buffer: last i32 48 zeros
scalar: n = 290
scalar: m = 6
check: y rtol=0 atol=0
check: b
check: last
note: pointers and indices whose only update in a loop is a step by a constant: y and x
note: walked by the grid stride (a trip count that depends on the thread), p stepped twice
note: and q stepped down in a loop of m trips (their values after the loop stored)
*/
// Induction variables: a pointer or an index advanced by a constant once per iteration.
__global__ void walk_stride(const float *x, float *y, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x, s = blockDim.x * gridDim.x;
  float *p = y + t;
  const float *q = x + t;
  for (int i = t; i < n; i += s) {
    *p = 2.0f * *q + (float)i;
    p += s;
    q = q + s;
  }
}

__global__ void two_steps(const int *a, int *b, int *last, int m) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < 48) {
    int *p = b + 2 * m * t;
    const int *q = a + m * t + m - 1;
    for (int j = 0; j < m; j++) {
      p++;
      p[-1] = 3 * *q + j;
      q--;
      p += 1;
    }
    last[t] = 1000 * (int)(p - b) + (int)(q - a);
  }
}
