// A host function template in a header of the program that launches a kernel template:
// its instances are found through the calls and the function pointers of the file that
// includes it.
template <int R> __global__ void scale(float *x) { x[threadIdx.x] *= R; }
template <int R> void run(float *x) { scale<R><<<1, 32>>>(x); }
