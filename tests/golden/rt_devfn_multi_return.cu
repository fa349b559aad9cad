#include <cuda_runtime.h>
/* cuda2hlo-test
launch: huber_loss<<<4, 128>>>(pred, target, loss, grad, n, delta)
buffer: pred f32 500 uniform -3 3
buffer: target f32 500 uniform -3 3
buffer: loss f32 500 zeros
buffer: grad f32 500 zeros
scalar: n = 500
scalar: delta = 1.0
check: loss
check: grad
*/
// static and inline device functions with several return statements, called twice per thread.
static __device__ inline float huber(float r, float d) {
  float a = fabsf(r);
  if (a <= d) return 0.5f * r * r;
  return d * (a - 0.5f * d);
}

static __device__ float huber_grad(float r, float d) {
  if (r > d) return d;
  if (r < -d) return -d;
  return r;
}

__global__ void huber_loss(const float *pred, const float *target, float *loss, float *grad, int n, float delta) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float r = pred[i] - target[i];
    loss[i] = huber(r, delta);
    grad[i] = huber_grad(r, delta);
  }
}
