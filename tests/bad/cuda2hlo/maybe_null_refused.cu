// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size idx=64 --size out=256 -o %out
// ERROR: maybe_null_refused\.cu:27:3: error: this pointer may be null here
// ERROR: maybe_null_refused\.cu:33:11: error: this pointer may be null here
// ERROR: maybe_null_refused\.cu:38:14: error: this pointer may be null here
// ERROR: maybe_null_refused\.cu:43:5: error: this pointer may be null here
// ERROR: maybe_null_refused\.cu:47:14: error: this pointer may be null here
// ERROR: maybe_null_refused\.cu:50:22: error: this address is computed whether or not the condition holds
// ERROR: maybe_null_refused\.cu:54:22: error: this address is computed whether or not the condition holds
// ERROR: maybe_null_refused\.cu:59:22: error: a pointer that may be null must point into memory
// ERROR: maybe_null_refused\.cu:63:22: error: a pointer that may be null cannot be chosen by a condition that may make it null too
// Pointers that are null unless a condition holds (`c ? A : nullptr`,
// src/frontend/ptrnull.c) are refused where nothing proves them not null: a use outside
// any test; under `if (ok)` when ok is assigned after the pointer is made (the test no
// longer says what the pointer is); under `if (steps)` when the pointer is assigned again;
// in a loop `for (it = 0; it <= steps; ...)`, whose body runs with steps == 0; under the
// condition for one that is null when it holds. The address beside the null arm is
// computed whatever the condition says, so a load or a division in it is refused, and
// so is a pointer at a variable and one whose arm may itself be null.
// (tests/kernels/ptr_maybe_null.cu has the translated forms)
__device__ float *maybe(float *a, int i) {
  if (i < 10)
    return 0;
  return a + i;
}
__global__ void unproven(const float *x, float *out, int steps) {
  float *p = steps ? out + 4 * threadIdx.x : nullptr;
  p[0] = x[threadIdx.x];
}
__global__ void unstable(const float *x, float *out) {
  int ok = x[threadIdx.x] > 0.0f;
  float *p = ok ? out + threadIdx.x : nullptr;
  ok = 1;
  if (ok) p[0] = 1.0f;
}
__global__ void reassigned(const float *x, float *out, int steps) {
  float *p = steps ? out + threadIdx.x : nullptr;
  if (x[threadIdx.x] > 0.0f) p = out + threadIdx.x + 64;
  if (steps) p[0] = 1.0f;
}
__global__ void inclusive_loop(const float *x, float *out, int steps) {
  float *p = steps ? out + 4 * threadIdx.x : nullptr;
  for (int it = 0; it <= steps; it++)
    p[it] = x[threadIdx.x];
}
__global__ void wrong_polarity(float *out, int steps) {
  float *q = steps ? nullptr : out + threadIdx.x;
  if (steps) q[0] = 1.0f;
}
__global__ void arm_load(const int *idx, float *out, int steps) {
  float *p = steps ? out + idx[threadIdx.x] : nullptr;
  if (p) p[0] = 1.0f;
}
__global__ void arm_division(float *out, int steps) {
  float *p = steps ? out + threadIdx.x / steps : nullptr;
  if (p) p[0] = 1.0f;
}
__global__ void arm_variable(float *out, int steps) {
  float y = 1.0f;
  float *p = steps ? &y : nullptr;
  if (p) out[threadIdx.x] = *p;
}
__global__ void arm_may_be_null(float *out, int steps) {
  float *p = steps ? maybe(out, threadIdx.x) : nullptr;
  if (p) p[0] = 1.0f;
}
