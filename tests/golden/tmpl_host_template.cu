// RUN-FLAGS: --size x=32
// Kernel template instances launched from instances of a host function template: the
// launches are found in run<2> and run<3>'s instantiated bodies (the template itself
// shows k<R> unresolved), each with its evaluated configuration.
template <int R> __global__ void k(float *x) { x[threadIdx.x] *= R; }
template <int R> void run(float *x) { k<R><<<1, 32 * R>>>(x); }
void go(float *x) { run<2>(x); run<3>(x); run<2>(x); }
