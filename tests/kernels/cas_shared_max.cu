/* cuda2hlo-test
launch: cas_shared_max<<<4, 64>>>(bmax, bmin, in)
buffer: bmax f32 4*2 zeros
buffer: bmin f64 4 zeros
buffer: in f32 256 uniform -100 100
check: bmax rtol=0 atol=0
check: bmin rtol=0 atol=0
note: a float atomicMax and a double atomicMin built from atomicCAS on the bits of
note: shared memory (one copy per block), contended by every thread of the block; the
note: result does not depend on the order the lanes win; exact
*/
// Block-wide extremes through shared memory, as reductions without warp shuffles do.
__device__ void smax_f(float *address, float val) {
  unsigned *a = (unsigned *)address;
  unsigned old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_uint(fmaxf(val, __uint_as_float(assumed))));
  } while (assumed != old);
}

__device__ void smin_d(double *address, double val) {
  unsigned long long *a = (unsigned long long *)address;
  unsigned long long old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, (unsigned long long)__double_as_longlong(fmin(val, __longlong_as_double((long long)assumed))));
  } while (assumed != old);
}

__global__ void cas_shared_max(float *bmax, double *bmin, const float *in) {
  __shared__ float m[2];
  __shared__ double lo;
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t < 2)
    m[t] = -1e30f;
  if (t == 0)
    lo = 1e300;
  __syncthreads();
  smax_f(&m[t % 2], in[i]);
  smin_d(&lo, (double)in[i] * 1.5);
  __syncthreads();
  if (t < 2)
    bmax[2 * blockIdx.x + t] = m[t];
  if (t == 0)
    bmin[blockIdx.x] = lo;
}
