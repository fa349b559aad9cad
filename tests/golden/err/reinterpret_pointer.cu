// RUN-FLAGS: --grid 1 --block 32 --size x=64 --size y=32
#include <cuda_fp16.h>
// A reinterpret_cast to a struct of scalars narrower than the elements (two halves over
// each float) would split every element into fields: refused at the cast. Same-size
// casts are bitcasts (corpus cast_vector_view), wider ones gather whole elements and
// narrower scalars read part of one (wide_elem_view, narrow_elem_view).
__global__ void k(float *x, float *y) { y[threadIdx.x] = __low2float(reinterpret_cast<const __half2 *>(x)[threadIdx.x]); }
