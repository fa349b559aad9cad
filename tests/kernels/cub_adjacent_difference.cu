/* cuda2hlo-test
launch: adjacent<<<2, dim3(16, 4)>>>(k, x, iout, fout)
buffer: k i32 2*64*4 randint -100000 100000
buffer: x f32 2*64*3 uniform -10 10
buffer: iout i32 2*64*12 zeros
buffer: fout f32 2*64*6 zeros
check: iout
check: fout rtol=0 atol=0
note: one subtraction or select per output: exact
*/
// cub::BlockAdjacentDifference as the CUB docs describe it, on a 16x4 block (rank x + 16y):
// SubtractLeft in place with a functor whose templated operator() takes non-const
// references (the tile's first item keeps its value), SubtractRight into another array
// with a tile successor item, SubtractLeft with a tile predecessor and cuda::std::minus
// on floats, SubtractRight with a select (the larger neighbour) and no successor.
#include <cub/cub.cuh>

struct Delta {
  template <typename V>
  __device__ V operator()(V &here, V &there) { return here - there; }
};
struct Later {
  __device__ float operator()(const float &a, const float &b) const { return b - a; }
};
struct Bigger {
  __device__ int operator()(int a, int b) const { return a < b ? b : a; }
};

__global__ void adjacent(const int *k, const float *x, int *iout, float *fout) {
  typedef cub::BlockAdjacentDifference<int, 16, 4> Adj;
  using FAdj = cub::BlockAdjacentDifference<float, 16, 4>;
  __shared__ typename Adj::TempStorage ts;
  __shared__ typename FAdj::TempStorage fts;
  int rank = threadIdx.x + 16 * threadIdx.y;
  int g = blockIdx.x * 64 + rank;
  int *o = iout + g * 12;
  float *f = fout + g * 6;
  int a[4], r[4], m[4];
  for (int j = 0; j < 4; j++)
    a[j] = k[g * 4 + j];
  Adj(ts).SubtractRight(a, r, Delta(), -7 * (int)blockIdx.x);
  __syncthreads();
  Adj(ts).SubtractRight(a, m, Bigger());
  __syncthreads();
  Adj(ts).SubtractLeft(a, a, Delta());
  for (int j = 0; j < 4; j++) {
    o[j] = a[j];
    o[4 + j] = r[j];
    o[8 + j] = m[j];
  }
  float v[3], w[3];
  for (int j = 0; j < 3; j++)
    v[j] = x[g * 3 + j];
  FAdj(fts).SubtractLeft(v, w, cuda::std::minus<>(), 0.5f);
  __syncthreads();
  FAdj(fts).SubtractRight(v, v, Later());
  for (int j = 0; j < 3; j++) {
    f[j] = w[j];
    f[3 + j] = v[j];
  }
}
