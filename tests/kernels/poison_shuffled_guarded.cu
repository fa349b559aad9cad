/* cuda2hlo-test
launch: poison_shuffled_guarded<<<1, 32>>>(x, out)
buffer: x f32 32 uniform -1 1
buffer: out f32 32 const 5
check: out
note: a value that may be unset moved to another lane by a warp shuffle and used only
note: where its source lane set it: its "not set" bit moves with it (the same shuffle
note: of the bit, poison.c), so the kernel raises and no launch fails; exact. Until
note: 2026-12-07 the shuffle was refused (tests/bad/cuda2hlo/poison_shuffled.cu)
*/
__global__ void poison_shuffled_guarded(const float *x, float *out) {
  int i = threadIdx.x;
  float v;
  if (x[i] > 0.0f)
    v = x[i];
  float w = __shfl_down_sync(0xffffffffu, v, 1);
  out[i] = i < 31 && x[i + 1] > 0.0f ? w : 0.0f;
}
