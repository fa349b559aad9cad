// A kernel template that nothing instantiates: no launch and no --kernel instance.
template <int R>
__global__ void scale(float *x) { x[threadIdx.x] *= R; }
