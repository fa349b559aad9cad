/* cuda2hlo-test
launch: moving<<<1, 32>>>(A, B, n)
buffer: A f32 2048 zeros
buffer: B f32 1024 uniform -1 1
scalar: n = 16
check: A
*/
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
  fill(A + 64 + i * 4, 4, s);
}
