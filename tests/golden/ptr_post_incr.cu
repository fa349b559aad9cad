/* cuda2hlo-test
launch: copy_post<<<1, 32>>>(A, B, n)
buffer: A f32 544 zeros
buffer: B f32 544 uniform -1 1
scalar: n = 16
check: A
*/
// `*p++ = *q++` and `*--p`: the increments run before the statement, the addresses are
// the offsets before (post) or after (pre) them.
__global__ void copy_post(float *A, const float *B, int n) {
  float *p = A + threadIdx.x * n;
  const float *q = B + threadIdx.x * n;
  for (int i = 0; i < n; i++) *p++ = *q++;
  float x = *--p;
  A[512 + threadIdx.x] = x * 2.0f;
}
