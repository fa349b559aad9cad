/* cuda2hlo-test
launch: block_reduce<<<4, 128>>>(x, k, out, iout, n)
buffer: x f32 512 uniform -1 1
buffer: k i32 512 randint -1000 1000
buffer: out f32 4*2 zeros
buffer: iout i32 4*3 zeros
scalar: n = 500
check: out rtol=1e-5 atol=1e-5
check: iout
note: float sums: cuda2hlo folds in thread-rank order, the oracle pairwise (cub's order is unspecified), hence the tolerance; max and the int results are exact
*/
// cub::BlockReduce as HeCBench's programs use it: TempStorage in __shared__ (typedef and
// using), Sum, Reduce with CCCL's functors, the valid_items forms (the last block has 116
// elements), the aggregate read in thread 0 only (elsewhere it is undefined).
#include <cub/cub.cuh>
#define BS 128

__global__ void block_reduce(const float *x, const int *k, float *out, int *iout, int n) {
  typedef cub::BlockReduce<float, BS> BlockReduce;
  using IntReduce = cub::BlockReduce<int, BS>;
  __shared__ typename BlockReduce::TempStorage temp_storage;
  __shared__ typename IntReduce::TempStorage itemp;
  int i = blockIdx.x * BS + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  int w = i < n ? k[i] : 0;
  float sum = BlockReduce(temp_storage).Sum(v);
  __syncthreads();
  float big = BlockReduce(temp_storage).Reduce(i < n ? v : -1e30f, cuda::maximum<>());
  __syncthreads();
  int valid = n - (int)blockIdx.x * BS;
  int isum = IntReduce(itemp).Sum(w * 3 + 1, valid);
  __syncthreads();
  int imin = IntReduce(itemp).Reduce(w, cuda::minimum<>(), valid);
  __syncthreads();
  int imax = IntReduce(itemp).Reduce(w, cuda::maximum<>());
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = sum;
    out[2 * blockIdx.x + 1] = big;
    iout[3 * blockIdx.x] = isum;
    iout[3 * blockIdx.x + 1] = imin;
    iout[3 * blockIdx.x + 2] = imax;
  }
}
