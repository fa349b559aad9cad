// RUN-FLAGS: --kernel scale
// --kernel names the template, not an instance.
template <int R>
__global__ void scale(float *x) { x[threadIdx.x] *= R; }
