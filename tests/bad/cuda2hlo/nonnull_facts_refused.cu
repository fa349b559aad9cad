// RUN: cuda2hlo %s --grid 1 --block 64 --size a=128 --size out=256 -o %out
// ERROR: nonnull_facts_refused\.cu:25:26: error: this pointer may be null here
// ERROR: nonnull_facts_refused\.cu:31:22: error: this pointer may be null here
// ERROR: nonnull_facts_refused\.cu:35:28: error: this pointer may be null here
// ERROR: nonnull_facts_refused\.cu:39:27: error: this pointer may be null here
// ERROR: nonnull_facts_refused\.cu:43:33: error: this pointer may be null here
// ERROR: nonnull_facts_refused\.cu:47:59: error: this pointer may be null here
// ERROR: nonnull_facts_refused\.cu:55:24: error: this pointer may be null here
// ERROR: nonnull_facts_refused\.cu:61:3: error: this pointer may be null here
// Where nothing proves a pointer that may be null not null, its use is refused
// (tests/kernels/ptr_nonnull_facts.cu has the translated forms): after an if that
// does not leave; after an early exit when the rest assigns the pointer again; the
// right operand of `!p && ...` and of `p || ...`; the wrong arm of `p ? ... : ...`; the
// else branch of `if (p)`; a case reached without passing the exit; after
// `if (!use) return;` for a pointer that is null when use holds.
__device__ const float *find(const float *a, int i) {
  if (i % 3 == 0)
    return nullptr;
  return a + i;
}
__global__ void no_leave(const float *a, float *out) {
  const float *p = find(a, threadIdx.x);
  float s = 0.0f;
  if (!p) s = 1.0f;
  out[threadIdx.x] = s + p[0];
}
__global__ void reassigned(const float *a, float *out) {
  const float *p = find(a, threadIdx.x);
  if (!p) return;
  p = find(a, threadIdx.x + 1);
  out[threadIdx.x] = p[0];
}
__global__ void and_wrong(const float *a, float *out) {
  const float *p = find(a, threadIdx.x);
  out[threadIdx.x] = !p && p[0] > 0.0f;
}
__global__ void or_wrong(const float *a, float *out) {
  const float *p = find(a, threadIdx.x);
  out[threadIdx.x] = p || p[0] > 0.0f;
}
__global__ void cond_wrong(const float *a, float *out) {
  const float *p = find(a, threadIdx.x);
  out[threadIdx.x] = p ? 0.0f : p[0];
}
__global__ void else_wrong(const float *a, float *out) {
  const float *p = find(a, threadIdx.x);
  if (p) out[threadIdx.x] = 1.0f; else out[threadIdx.x] = p[0];
}
__global__ void case_after(const float *a, float *out, int k) {
  const float *p = find(a, threadIdx.x);
  switch (k) {
  case 0:
    if (!p) break;
  case 1:
    out[threadIdx.x] = p[0];
  }
}
__global__ void exit_wrong_polarity(float *out, int use) {
  float *z = use ? nullptr : out + 2 * threadIdx.x;
  if (!use) return;
  z[0] = 1.0f;
}
