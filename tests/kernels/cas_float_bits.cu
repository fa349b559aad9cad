/* cuda2hlo-test
launch: cas_float_bits<<<2, 32>>>(mx, dmx, prod, sum, z, nanv, ex, iex, old, in, din, n)
buffer: mx f32 4 uniform -1000 -900
buffer: dmx f64 4 uniform -1000 -900
buffer: prod f64 64 uniform -2 2
buffer: sum f32 4 zeros
buffer: z f32 64 zeros
buffer: nanv f32 64 zeros
buffer: ex f32 64 zeros
buffer: iex i32 64 zeros
buffer: old u32 64*4 zeros
buffer: in f32 64 uniform -100 100
buffer: din f64 64 uniform -100 100
scalar: n = 60
check: mx rtol=0 atol=0
check: dmx rtol=0 atol=0
check: prod rtol=0 atol=0
check: sum rtol=0 atol=0
check: z rtol=0 atol=0
check: nanv rtol=0 atol=0
check: ex rtol=0 atol=0
check: iex rtol=0 atol=0
check: old
note: atomics built from atomicCAS on the bits of floats and doubles, as every suite
note: writes a float atomicMax or an atomicMul: contended max of floats and doubles
note: (any order gives the same maximum), an atomicMul per address, a contended sum of
note: small integers in float (exact in any order); the CAS compares bits: -0.0 is not
note: 0.0 and a NaN equals its own bits; atomicExch of a float's bits and of floats
note: stored in an int buffer; exact
*/
// The compare-and-swap loop of published float atomics (scatter, atomicCAS samples).
__device__ float cas_max_f(float *address, float val) {
  unsigned int *a = (unsigned int *)address;
  unsigned int old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_uint(fmaxf(val, __uint_as_float(assumed))));
  } while (assumed != old);
  return __uint_as_float(old);
}

__device__ double cas_max_d(double *address, double val) {
  unsigned long long *a = (unsigned long long *)address;
  unsigned long long old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, (unsigned long long)__double_as_longlong(fmax(val, __longlong_as_double((long long)assumed))));
  } while (assumed != old);
  return __longlong_as_double((long long)old);
}

__device__ double cas_mul_d(double *address, double val) {
  unsigned long long *a = (unsigned long long *)address;
  unsigned long long old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, (unsigned long long)__double_as_longlong(val * __longlong_as_double((long long)assumed)));
  } while (assumed != old);
  return __longlong_as_double((long long)old);
}

__device__ void cas_add_f(float *address, float val) {
  int *a = (int *)address;
  int old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(val + __int_as_float(assumed)));
  } while (assumed != old);
}

__global__ void cas_float_bits(float *mx, double *dmx, double *prod, float *sum, float *z, float *nanv, float *ex,
                               int *iex, unsigned *old, const float *in, const double *din, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  cas_max_f(&mx[i % 4], in[i]);
  cas_max_d(&dmx[(i / 3) % 4], din[i]);
  cas_mul_d(&prod[i], din[i]);
  cas_add_f(&sum[i % 4], (float)((i * 7) % 13) - 6.0f);
  // +0.0 in memory, -0.0 compared: different bits, no swap (a float compare would swap)
  old[4 * i] = atomicCAS((unsigned *)&z[i], __float_as_uint(-0.0f), __float_as_uint(in[i]));
  // a NaN stored, then compared with its own bits: the swap happens
  unsigned qnan = 0x7fc00000u | (unsigned)i;
  nanv[i] = __uint_as_float(qnan);
  old[4 * i + 1] = atomicCAS((unsigned *)&nanv[i], qnan, __float_as_uint(in[i])) ^ qnan;
  if (i % 2)
    nanv[i] = nanv[i] + 1.0f;
  old[4 * i + 2] = atomicExch((unsigned *)&ex[i], __float_as_uint(in[i] * 0.5f));
  old[4 * i + 3] = __float_as_uint(atomicExch((float *)&iex[i], in[i]));
}
