/* cuda2hlo-test
launch: load_store<<<3, 64>>>(in, x, out, fout, gout, hout, n)
buffer: in i32 768 randint -1000 1000
buffer: x f32 576 uniform -4 4
buffer: out i32 771 zeros
buffer: fout f32 576 zeros
buffer: gout i32 384 randint 5000 6000
buffer: hout i32 384 zeros
scalar: n = 300
check: out
check: fout
check: gout
check: hout
note: every result is exact (int scans, float copies times two); gout starts random so that a store past valid_items shows
*/
// cub::BlockLoad / cub::BlockStore as HeCBench's blockScan uses them (a __shared__ union of
// the TempStorages, WARP_TRANSPOSE load, scan, WARP_TRANSPOSE store) and by the CUB docs'
// data arrangements: blocked for DIRECT, VECTORIZE, TRANSPOSE, WARP_TRANSPOSE (thread r's
// item j is element r*ITEMS + j of the segment), striped for STRIPED (element j*64 + r),
// loaded striped and stored blocked to tell them apart; the guarded forms: Load with
// valid_items and oob_default, Load with valid_items only (the items past it keep their
// value), Store with valid_items (elements past it are not written). The last block has
// 300 - 256 = 44 valid items.
#include <cub/cub.cuh>
#define BS 64

__global__ void load_store(const int *in, const float *x, int *out, float *fout, int *gout, int *hout, int n) {
  typedef cub::BlockLoad<int, BS, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> LoadT;
  typedef cub::BlockStore<int, BS, 4, cub::BLOCK_STORE_WARP_TRANSPOSE> StoreT;
  typedef cub::BlockScan<int, BS> ScanT;
  typedef cub::BlockLoad<float, BS, 3, cub::BLOCK_LOAD_STRIPED> FLoadT;
  typedef cub::BlockStore<float, BS, 3, cub::BLOCK_STORE_DIRECT> FStoreT;
  typedef cub::BlockLoad<int, BS, 2, cub::BLOCK_LOAD_VECTORIZE> GLoadT;
  typedef cub::BlockLoad<int, BS, 2, cub::BLOCK_LOAD_TRANSPOSE> HLoadT;
  typedef cub::BlockStore<int, BS, 2, cub::BLOCK_STORE_STRIPED> GStoreT;
  typedef cub::BlockStore<int, BS, 2, cub::BLOCK_STORE_TRANSPOSE> HStoreT;
  __shared__ union {
    LoadT::TempStorage load;
    StoreT::TempStorage store;
    ScanT::TempStorage scan;
    FLoadT::TempStorage fload;
    FStoreT::TempStorage fstore;
    GLoadT::TempStorage gload;
    HLoadT::TempStorage hload;
    GStoreT::TempStorage gstore;
    HStoreT::TempStorage hstore;
  } ts;
  int tile = blockIdx.x * BS * 4;
  int d[4], agg;
  LoadT(ts.load).Load(in + tile, d);
  __syncthreads();
  ScanT(ts.scan).ExclusiveSum(d, d, agg);
  __syncthreads();
  StoreT(ts.store).Store(out + tile, d);
  if (threadIdx.x == 0)
    out[3 * BS * 4 + blockIdx.x] = agg;
  __syncthreads();
  float f[3];
  FLoadT(ts.fload).Load(x + blockIdx.x * BS * 3, f);
  __syncthreads();
  for (int j = 0; j < 3; j++)
    f[j] = f[j] * 2.0f;
  FStoreT(ts.fstore).Store(fout + blockIdx.x * BS * 3, f);
  __syncthreads();
  int valid = n - blockIdx.x * BS * 2;
  int g[2], h[2] = {-7, -8};
  GLoadT(ts.gload).Load(in + blockIdx.x * BS * 2, g, valid, -1);
  __syncthreads();
  HLoadT(ts.hload).Load(in + 1 + blockIdx.x * BS * 2, h, valid);
  __syncthreads();
  g[0] += 3;
  g[1] -= 3;
  GStoreT(ts.gstore).Store(gout + blockIdx.x * BS * 2, g, valid - 10);
  __syncthreads();
  HStoreT(ts.hstore).Store(hout + blockIdx.x * BS * 2, h);
}
