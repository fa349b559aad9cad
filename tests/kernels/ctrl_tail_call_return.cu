/* cuda2hlo-test
launch: ctrl_tail_call_return<<<5, 64>>>(out, x, n)
buffer: out f32 320 const -7
buffer: x f32 320 uniform -1 1
scalar: n = 200
check: out rtol=1e-6 atol=1e-6
note: a kernel wrapping a device function (`{ rev_body<64, 48>(out, x, n); }`) whose early
note: returns come before a barrier: the function is the kernel's last statement, so a
note: return from it ends the thread (src/loopify/tail_exits.c); main refused: "an early
note: return from 'rev_body' before a barrier is not supported"
*/
template <int B, int W>
__device__ void rev_body(float *out, const float *x, int n) {
  __shared__ float s[B];
  int i = blockIdx.x * B + threadIdx.x;
  if (blockIdx.x * B >= n) return;           /* a block past the data: all its threads */
  if (threadIdx.x >= W) return;              /* per thread: they take no part in the barrier */
  s[threadIdx.x] = i < n ? x[i] : 0.5f;
  __syncthreads();
  if (i >= n) return;
  out[i] = s[W - 1 - threadIdx.x] + 1.0f;
}

__global__ void ctrl_tail_call_return(float *out, const float *x, int n) {
  rev_body<64, 48>(out, x, n);
}
