// RUN-FLAGS: --grid 1 --block 32 --size x=64 --size y=32
// A reinterpret_cast to an element of another size (two floats read as one double)
// would need the bytes of several elements: refused. Same-size casts are bitcasts
// (corpus cast_vector_view).
__global__ void k(float *x, double *y) { y[threadIdx.x] = *reinterpret_cast<double *>(&x[2 * threadIdx.x]); }
