/* cuda2hlo-test
launch: loop_tests<<<2, 96>>>(x, y, steps, n)
buffer: x f32 180 uniform 0 4
buffer: y f32 180 zeros
buffer: steps i32 180 zeros
scalar: n = 180
check: y
check: steps
note: device calls in a for test, a for step, a do-while test (with continue) and
note: a call whose early returns depend on the thread
*/
// Multi-statement device functions in loop headers; a continue must still run the test.
__device__ int limit(int i) {
  if (i % 7 == 0) return 1;      // early returns that depend on the thread
  if (i % 7 == 1) return 5;
  int r = i % 4;
  return r + 2;
}

__device__ int next_step(int *steps, int i, int k) {
  steps[i] += 1;                 // counts how often the step runs
  if (k < 2) return k + 1;
  return k + 2;
}

__device__ bool again(float *acc, float v) {
  *acc = *acc * 0.5f + v;
  if (*acc > 3.0f) return false;
  return *acc > 0.25f;
}

__global__ void loop_tests(const float *x, float *y, int *steps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float s = 0.0f;
  for (int k = 0; k < limit(i); k = next_step(steps, i, k)) {
    if (k == 3) continue;        // the step (a call) still runs
    s += x[i] * (float)(k + 1);
  }
  float acc = 0.0f;
  int trips = 0;
  do {
    trips++;
    if (trips % 2 == 0) continue;  // jumps to the test, which calls again()
    s += 0.125f;
  } while (trips < 20 && again(&acc, x[i]));
  y[i] = s + 1000.0f * (float)trips + acc;
}
