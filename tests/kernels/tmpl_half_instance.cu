/* cuda2hlo-test
launch: axpy_acc<__half, float><<<2, 64>>>(x, y, out, n, a)
launch: axpy_acc<half, half><<<2, 64>>>(x, y, out2, n, a)
buffer: x f16 128 uniform -2 2
buffer: y f16 128 uniform -2 2
buffer: out f16 128 zeros
buffer: out2 f16 128 zeros
scalar: n = 120
scalar: a = 0.75
check: out rtol=0 atol=0
check: out2 rtol=0 atol=0
note: a kernel template named at a __half instance, as a host program compiled with the
note: toolkit's cuda_fp16.h names it (the bundled header's __half prints as _Float16)
*/
// A template over the element and the accumulator type, instantiated on half precision.
#include <cuda_fp16.h>

template <typename T, typename Acc>
__global__ void axpy_acc(const T *x, const T *y, T *out, int n, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Acc s = static_cast<Acc>(a) * static_cast<Acc>(x[i]);
  s += static_cast<Acc>(y[i]);
  out[i] = static_cast<T>(s);
}
