/* cuda2hlo-test
launch: partials<<<2, 64>>>(q, out, sums, maxes, n)
launch: whole<<<2, 64>>>(q, out2, n)
buffer: q f32 128 uniform -2 2
buffer: out f32 128 zeros
buffer: sums f32 4 const 9
buffer: maxes f32 4 const 9
buffer: out2 f32 128 zeros
scalar: n = 128
check: out
check: sums
check: maxes
check: out2
note: launch 0 passes buffers for sums and maxes; launch 1 passes nullptr for them, used only under a template constant that is false there
*/
// A device function with pointer parameters used only under a template-constant
// condition (`if (PARTIAL && threadIdx.x == 0)`, `if (PARTS != 0) ... else ...`),
// called with buffers where the condition holds and with a literal nullptr where it
// folds to false; the null pointer may be tested (`if (sums)`) (HeCBench
// attention-paged-cuda attention_kernels.cuh:479, the exp_sums and max_logits of the
// unpartitioned attention kernel).
template <int PARTS>
__device__ void reduce(float *sums, float *maxes, float *out, const float *q, int n) {
  constexpr bool PARTIAL = PARTS > 0;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? q[i] : 0.0f;
  out[i] = v * 2.0f + (PARTIAL ? 1.0f : 0.0f);
  if (PARTIAL && threadIdx.x == 0) {
    float *s = sums + blockIdx.x * 2;
    s[0] = v;
    *(maxes + blockIdx.x * 2 + 1) = v + 1.0f;
  }
  if (sums)
    out[i] += 0.5f;
  if (PARTS != 0) {
    if (threadIdx.x == 1)
      sums[blockIdx.x * 2 + 1] = -v;
  } else if (i == 5) {
    out[i] = -1.0f;
  }
}
__global__ void partials(const float *q, float *out, float *sums, float *maxes, int n) {
  reduce<2>(sums, maxes, out, q, n);
}
__global__ void whole(const float *q, float *out, int n) {
  reduce<0>(nullptr, nullptr, out, q, n);
}
