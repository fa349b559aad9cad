// RUN-FLAGS: --kernel ops::scale<2> --kernel ops::fill --size x=64
// --kernel names with a namespace qualifier: a template instance that nothing launches
// (instantiated through a reference appended with the qualifier found from the
// template) and a plain kernel whose launch in host code gives its configuration.
namespace ops {
template <int R> __global__ void scale(float *x) { x[threadIdx.x] *= R; }
__global__ void fill(float *x) { x[threadIdx.x] = 1.0f; }
}
void h(float *x) { ops::fill<<<2, 32>>>(x); }
