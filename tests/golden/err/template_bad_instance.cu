// RUN-FLAGS: --kernel scale<n>
// A --kernel template instance whose argument does not name a value.
template <int R>
__global__ void scale(float *x) { x[threadIdx.x] *= R; }
