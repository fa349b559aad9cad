/* cuda2hlo-test
launch: call_positions<<<3, 64>>>(x, y, log, cnt, n)
buffer: x f32 150 uniform -2 2
buffer: y f32 150 zeros
buffer: log i32 150 const -1
buffer: cnt i32 150 zeros
scalar: n = 150
check: y
check: log
check: cnt
note: multi-statement device functions called where C++ may not evaluate them: the right
note: of && and ||, the arms of ?:, an if condition, a while test; each records that it ran
*/
// A device function with a store (a side effect) is called only where C++ evaluates it.
__device__ bool mark(int *log, int i, int v) {
  log[i] = v;            // the side effect: visible only when the call is evaluated
  if (v > 2) return true;
  return false;
}

__device__ float clip(float v, float lo, float hi) {
  if (v < lo) return lo;
  if (v > hi) return hi;
  return v;
}

__device__ int bump(int *cnt, int i) {
  int c = cnt[i] + 1;
  cnt[i] = c;
  return c;
}

__global__ void call_positions(const float *x, float *y, int *log, int *cnt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  // right of &&: left is false for every third thread, so the store must not happen there
  bool a = (i % 3 != 0) && mark(log, i, i % 5);
  // right of ||: evaluated only where the left is false
  bool b = (v > 0.0f) || mark(log, i, 10 + i % 4);
  // ?: with a call in each arm; only the taken arm's function runs
  float c = v > 0.5f ? clip(v * 3.0f, 0.0f, 2.0f) : clip(v, -0.5f, 0.25f) - 1.0f;
  // a call in an if condition, nested calls as arguments
  if (clip(clip(v, -1.0f, 1.0f) * 2.0f, -1.5f, 1.5f) > 0.8f) c += 100.0f;
  // a ?: arm with a side effect, taken by every fourth thread; nested calls as arguments
  int d = (i % 4 == 0) ? bump(cnt, i) + (int)clip(clip(v, -1.0f, 1.0f) * 4.0f, -2.0f, 2.0f) : 0;
  // a while test that calls a function with a side effect (one trip fewer where d's arm ran)
  while (bump(cnt, i) <= i % 4) c += 0.5f;
  y[i] = c + 0.25f * (float)d + (a ? 1000.0f : 0.0f) + (b ? 10000.0f : 0.0f);
}
