/* cuda2hlo-test
launch: nv_atomics<<<3, 64>>>(vals, sum, lsum, umax, bits, fmx, fsum, own, olds, copy, n)
buffer: vals i32 192 randint -50 50
buffer: sum i32 2 const 7
buffer: lsum i64 2 const 1000
buffer: umax u64 2 zeros
buffer: bits u32 3 const 4095
buffer: fmx f32 3 const -1000
buffer: fsum f64 1 zeros
buffer: own i32 192 const 3
buffer: olds i32 192 const -1
buffer: copy f32 192 zeros
scalar: n = 180
check: sum rtol=0 atol=0
check: lsum rtol=0 atol=0
check: umax rtol=0 atol=0
check: bits rtol=0 atol=0
check: fmx rtol=0 atol=0
check: fsum rtol=0 atol=0
check: own rtol=0 atol=0
check: olds rtol=0 atol=0
check: copy rtol=0 atol=0
note: nvcc's built-in atomics of CUDA 12.8 (__nv_atomic_load_n, _store_n, _fetch_add/sub/
note: max/min/and/or/xor, _exchange_n, _compare_exchange_n, _thread_fence) with memory
note: orders and scopes, as published code writes them under CUDA_VERSION >= 12080: sums
note: of integers (exact in any order), 64-bit sub through the unsigned atomic, a float
note: max as a compare-exchange loop on the bits of a relaxed load, one owner per address
note: for exchange; exact
*/
// Built-in atomics with orders and scopes (CUDA 12.8), the way code written for both old
// and new toolkits uses them: a relaxed load starts a compare-exchange loop.
__device__ float nv_max_f(float *address, float val) {
  unsigned int *a = (unsigned int *)address;
  unsigned int old = __nv_atomic_load_n(a, __NV_ATOMIC_RELAXED);
  unsigned int want;
  do {
    want = __float_as_uint(fmaxf(val, __uint_as_float(old)));
  } while (!__nv_atomic_compare_exchange_n(a, &old, want, false, __NV_ATOMIC_RELAXED,
                                           __NV_ATOMIC_RELAXED));
  return __uint_as_float(old);
}

__global__ void nv_atomics(const int *vals, int *sum, long long *lsum, unsigned long long *umax,
                           unsigned *bits, float *fmx, double *fsum, int *own, int *olds,
                           float *copy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = __nv_atomic_load_n(&vals[i], __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(&sum[0], v, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_sub(&sum[1], v, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_BLOCK);
  __nv_atomic_fetch_sub(&lsum[0], (long long)v * 3, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_add(&lsum[1], (long long)v << 33, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_max(&umax[i % 2], (unsigned long long)(v + 50) * 977, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_and(&bits[0], ~(1u << (i % 12)) | (v > 0 ? 1u : 0u), __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_or(&bits[1], 1u << (i % 29), __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_xor(&bits[2], (unsigned)(v & 255), __NV_ATOMIC_RELAXED);
  nv_max_f(&fmx[i % 3], v * 0.5f);
  __nv_atomic_fetch_add(&fsum[0], (double)v, __NV_ATOMIC_RELAXED);
  olds[i] = __nv_atomic_exchange_n(&own[i], v, __NV_ATOMIC_ACQ_REL);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  float f;
  float src = v * 0.25f;
  __nv_atomic_load(&src, &f, __NV_ATOMIC_RELAXED);
  __nv_atomic_store_n(&copy[i], f, __NV_ATOMIC_RELEASE);
}
