/* cuda2hlo-test
launch: block_scan<<<2, 64>>>(k, x, iout, fout)
buffer: k i32 640 randint -1000 1000
buffer: x f32 128 uniform -1 1
buffer: iout i32 2*64*16 zeros
buffer: fout f32 2*64*3 zeros
check: iout
check: fout rtol=1e-5 atol=1e-5
note: float sums: cuda2hlo scans in rank order, cub's order is unspecified, hence the tolerance; the max scan and every int result are exact
*/
// cub::BlockScan as HeCBench's blockScan uses it and as cub documents it: ExclusiveSum and
// InclusiveSum with and without the block aggregate (valid in every thread), InclusiveScan
// with CCCL's functors, ExclusiveScan with an initial value and a user functor, on one item
// per thread and on an ITEMS_PER_THREAD array in the blocked arrangement (in place).
#include <cub/cub.cuh>
#define BS 64

struct MinOp {
  __device__ int operator()(const int &a, const int &b) const { return b < a ? b : a; }
};

__global__ void block_scan(const int *k, const float *x, int *iout, float *fout) {
  using Scan = cub::BlockScan<int, BS>;
  typedef cub::BlockScan<float, BS, cub::BLOCK_SCAN_WARP_SCANS> FScan;
  __shared__ typename Scan::TempStorage ts;
  __shared__ typename FScan::TempStorage fts;
  int g = blockIdx.x * BS + threadIdx.x;
  int *o = iout + g * 16;
  int v = k[512 + g];
  int e, inc, agg, mx, mn;
  Scan(ts).ExclusiveSum(v, e);
  __syncthreads();
  Scan(ts).InclusiveSum(v, inc, agg);
  __syncthreads();
  Scan(ts).InclusiveScan(v, mx, cuda::maximum<>());
  __syncthreads();
  Scan(ts).ExclusiveScan(v, mn, 1 << 30, MinOp());
  __syncthreads();
  o[0] = e;
  o[1] = inc;
  o[2] = agg;
  o[3] = mx;
  o[4] = mn;
  int d[4], m[3], dagg, magg;
  for (int j = 0; j < 4; j++)
    d[j] = k[g * 4 + j];
  for (int j = 0; j < 3; j++)
    m[j] = k[g * 4 + j] % 97;
  Scan(ts).ExclusiveSum(d, d, dagg);
  __syncthreads();
  Scan(ts).InclusiveScan(m, m, cuda::minimum<>(), magg);
  __syncthreads();
  for (int j = 0; j < 4; j++)
    o[5 + j] = d[j];
  o[9] = dagg;
  for (int j = 0; j < 3; j++)
    o[10 + j] = m[j];
  o[13] = magg;
  int w[2] = {k[g * 4] & 255, k[g * 4 + 1] & 255}, wi[2];
  Scan(ts).InclusiveSum(w, wi);
  __syncthreads();
  o[14] = wi[0];
  o[15] = wi[1];
  float f = x[g], fs, fm, fa;
  FScan(fts).InclusiveSum(f, fs, fa);
  __syncthreads();
  FScan(fts).InclusiveScan(f, fm, cuda::maximum<>());
  fout[3 * g] = fs;
  fout[3 * g + 1] = fm;
  fout[3 * g + 2] = fa;
}
