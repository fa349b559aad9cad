/* cuda2hlo-test
launch: shared_struct_pointer<<<3, 32>>>(x, out)
buffer: x f32 3*32 uniform -8 8
buffer: out f32 3*32 zeros
check: out
note: a __shared__ struct with no layout as one buffer (a pointer beside an int and a
note: double), held one shared buffer per field, reached through a pointer to it: a
note: local `S *q = &s` and a device function's `const S *` parameter; one product and
note: a sum per element, exact bit for bit
*/
// Device functions that take a block's shared state by pointer (`const Work *w`), as
// codes pass a __shared__ descriptor to helpers, with the state filled by thread 0.
struct Work {
  const float *base;
  int n;
  double gain;
};

__device__ float pick(const Work *w, int t) { return w->base[t] * (float)w->gain + (float)w->n; }

__global__ void shared_struct_pointer(const float *x, float *out) {
  __shared__ Work work;
  int t = threadIdx.x;
  if (t == 0) {
    work.base = x + blockIdx.x * 32;
    work.n = 3 + (int)blockIdx.x;
    work.gain = 0.5;
  }
  __syncthreads();
  Work *q = &work;
  out[blockIdx.x * 32 + t] = pick(&work, 31 - t) + (float)q->n;
}
