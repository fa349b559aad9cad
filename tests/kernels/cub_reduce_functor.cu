/* cuda2hlo-test
launch: functor_reduce<<<3, 128>>>(x, k, out, iout, n)
buffer: x f32 384 uniform -1 1
buffer: k i32 384 randint -1000 1000
buffer: out f32 3*2 zeros
buffer: iout i32 3*2 zeros
scalar: n = 350
check: out rtol=0 atol=0
check: iout
note: maxima, minima and an integer sum: exact in any order
*/
// cub::BlockReduce::Reduce with the program's own functors, as published code writes
// them: a template operator() over forwarding references returning a select, a plain
// const operator(), and a sum; the last block has 94 valid items.
#include <cub/cub.cuh>
#include <type_traits>
#define BS 128

struct Max {
  template <typename T, typename U>
  __device__ __forceinline__ typename std::common_type<T, U>::type operator()(T &&t, U &&u) const {
    return ((t) > (u)) ? (t) : (u);
  }
};
struct Least {
  __device__ float operator()(float a, float b) const { return b <= a ? b : a; }
};
struct IntSum {
  __device__ int operator()(const int &a, const int &b) const { return a + b; }
};

__global__ void functor_reduce(const float *x, const int *k, float *out, int *iout, int n) {
  using FR = cub::BlockReduce<float, BS>;
  using IR = cub::BlockReduce<int, BS>;
  __shared__ typename FR::TempStorage fs;
  __shared__ typename IR::TempStorage is;
  int i = blockIdx.x * BS + threadIdx.x;
  int valid = n - (int)blockIdx.x * BS;
  float v = i < n ? x[i] : 0.0f;
  float big = FR(fs).Reduce(v, Max{}, valid);
  __syncthreads();
  float small = FR(fs).Reduce(v, Least(), valid);
  __syncthreads();
  int s = IR(is).Reduce(i < n ? k[i] : 0, IntSum{});
  __syncthreads();
  int m = IR(is).Reduce(i < n ? k[i] : -5000, Max());
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = big;
    out[2 * blockIdx.x + 1] = small;
    iout[2 * blockIdx.x] = s;
    iout[2 * blockIdx.x + 1] = m;
  }
}
