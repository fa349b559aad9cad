/* cuda2hlo-test
launch: argmax_rows<<<4, 64>>>(x, val, idx, n)
buffer: x i32 4*200 randint -8 8
buffer: val f32 4*3 zeros
buffer: idx i32 4*3 zeros
scalar: n = 200
check: val rtol=0 atol=0
check: idx
note: small integer values, so many ties: the smaller key wins (cub::ArgMax/ArgMin)
*/
// cub::BlockReduce<cub::KeyValuePair<int, float>>::Reduce with cub::ArgMax and
// cub::ArgMin, each thread first folding its strided items with the same functor
// called in device code (HeCBench moe's top-k pattern); the third reduction counts only
// the first 40 threads' pairs (the valid-items form).
#include <cub/cub.cuh>
#define TPB 64

__global__ void argmax_rows(const int *x, float *val, int *idx, int n) {
  using kvp = cub::KeyValuePair<int, float>;
  using BlockReduce = cub::BlockReduce<kvp, TPB>;
  __shared__ typename BlockReduce::TempStorage tmp;
  cub::ArgMax arg_max;
  cub::ArgMin arg_min;
  const int *row = x + blockIdx.x * n;

  kvp hi, lo, in;
  hi.key = 0;
  hi.value = -100.f;
  lo.key = 0;
  lo.value = 100.f;
  for (int j = threadIdx.x; j < n; j += TPB) {
    in.key = j;
    in.value = (float)row[j];
    hi = arg_max(in, hi);
    lo = arg_min(lo, in);
  }
  const kvp best = BlockReduce(tmp).Reduce(hi, arg_max);
  __syncthreads();
  kvp least = BlockReduce(tmp).Reduce(lo, arg_min);
  __syncthreads();
  const kvp first = BlockReduce(tmp).Reduce(hi, cub::ArgMax(), 40);
  if (threadIdx.x == 0) {
    val[3 * blockIdx.x] = best.value;
    idx[3 * blockIdx.x] = best.key;
    val[3 * blockIdx.x + 1] = least.value;
    idx[3 * blockIdx.x + 1] = least.key;
    val[3 * blockIdx.x + 2] = first.value;
    idx[3 * blockIdx.x + 2] = first.key;
  }
}
