/* cuda2hlo-test
entry: sweep_run(a, b, n)
buffer: a f32 1100 uniform -1 1
buffer: b f32 1000 uniform 2 3
scalar: n = 1000
check: a rtol=1e-5 atol=1e-6
check: b rtol=1e-5 atol=1e-6
note: a time loop swapping two buffers of different sizes (1100 and 1000 elements)
*/
// The while carries both buffers cut to the smaller size (src/raise/host_symsize.c);
// a's last 100 elements, which no launch touches, keep their values. The trip count
// is odd, so the newest values end in the caller's b.
#include <cuda_runtime.h>

__global__ void smooth3(const float *src, float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i == 0 || i == n - 1)
    dst[i] = src[i];
  else
    dst[i] = 0.25f * src[i - 1] + 0.5f * src[i] + 0.25f * src[i + 1];
}

void sweep_run(float *a, float *b, int n) {
  for (int it = 0; it < 7; it++) {
    smooth3<<<8, 128>>>(a, b, n);
    float *t = a;
    a = b;
    b = t;
  }
}
