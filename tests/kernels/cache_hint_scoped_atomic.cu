/* cuda2hlo-test
launch: cache_hints<<<4, 64>>>(out, out4, out2, small, hist, in, in4, n)
buffer: out f32 256 zeros
buffer: out4 f32 256x4 zeros
buffer: out2 f64 256x2 zeros
buffer: small i8 256 zeros
buffer: hist i32 16 zeros
buffer: in f32 256 uniform -10 10
buffer: in4 f32 256x4 uniform -10 10
scalar: n = 250
check: out rtol=0 atol=0
check: out4 rtol=0 atol=0
check: out2 rtol=0 atol=0
check: small
check: hist
note: the cache-hinted loads and stores (__ldcs, __ldcg, __ldca, __ldlu, __ldcv, __stcs,
note: __stcg, __stwb, __stwt) of scalars and vectors, and the scoped atomics
note: (atomicAdd_system, atomicMax_block, atomicOr_system): plain loads, stores and atomics
*/
// Streaming kernels mark data read or written once with the evict-first hints
// (HeCBench layernorm-cuda), and single-device programs use the _system atomics
// (HeCBench atomicSystemWide-cuda).
__global__ void cache_hints(float *out, float4 *out4, double2 *out2, char *small, int *hist,
                            const float *in, const float4 *in4, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  float a = __ldcs(in + t);
  float4 v = __ldcg(&in4[t]);
  float b = __ldca(&in[(t + 1) % n]) + __ldlu(&in[(t + 2) % n]) - __ldcv(&in[(t + 3) % n]);
  __stcs(out + t, a * 2.0f + b);
  v.x += a;
  v.w -= b;
  __stwt(&out4[t], v);
  double2 d;
  d.x = (double)v.y * 3.0;
  d.y = (double)a - (double)v.z;
  __stcg(out2 + t, d);
  __stwb(&small[t], (char)(t * 7 - 100));
  atomicAdd_system(&hist[t % 8], 1);
  atomicMax_block(&hist[(t % 4) + 12], t);
  atomicOr_system(&hist[8], 1 << (t % 31));
}
