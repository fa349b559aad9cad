/* cuda2hlo-test
launch: first_above<<<2, 64>>>(x, out, pos, sum, lim)
buffer: x f32 2048 uniform -1 1
buffer: out f32 2048 zeros
buffer: pos i32 128 const 7
buffer: sum f32 128 zeros
scalar: lim = 0.8
check: out
check: pos
check: sum
note: each thread walks its 16 values in order, skips the negative ones (continue), stores
note: each value it passes, and stops at the first one above lim (break): the loop index
note: and the running sum live after the loop take their values at the break (the lanes
note: that never break: 16 and the whole sum)
*/
// A break under a data-dependent guard in a loop of a constant trip count, with a continue,
// stores before and after the break, and values used after the loop.
__global__ void first_above(const float *x, float *out, int *pos, float *sum, float lim) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  int k;
  for (k = 0; k < 16; k++) {
    float v = x[t * 16 + k];
    if (v < 0.0f) continue;
    out[t * 16 + k] = v + s;
    if (v > lim) break;
    s += v;
    out[t * 16 + k] += 10.0f;
  }
  pos[t] = k;
  sum[t] = s;
}
