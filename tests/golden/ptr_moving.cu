// RUN-FLAGS: --grid 1 --block 32 --size A=4096 --size B=4096 --set n=16
// Moving pointers: assigned after an uninitialised declaration, incremented in a loop
// that compares two pointers, advanced by p += k, and a pointer parameter the callee
// increments; each keeps its offset in an i64 variable.
__device__ void fill(float *p, int n, float v) { for (int i = 0; i < n; i++) { *p = v; p++; } }
__global__ void moving(float *A, const float *B, int n) {
  int i = threadIdx.x;
  const float *q = B + i * n;
  float *p;
  p = A + i;
  float s = 0.0f;
  for (const float *e = q + n; q < e; q++) s += *q;
  p += 2 * n;
  p[0] = s;
  fill(A + i * 4, 4, s);
}
// `*p++ = *q++` and `*--p`: the increments run before the statement, the addresses are
// the offsets before (post) or after (pre) them.
__global__ void copy_post(float *A, const float *B, int n) {
  float *p = A + threadIdx.x * n;
  const float *q = B;
  for (int i = 0; i < n; i++) *p++ = *q++;
  float x = *--p;
  A[0] = x;
}
