/* cuda2hlo-test
launch: load_2d<<<2, dim3(16, 4)>>>(in, out, sout, n)
buffer: in f32 384 uniform -8 8
buffer: out f32 384 zeros
buffer: sout f32 256 uniform 100 200
scalar: n = 200
check: out
check: sout
note: float copies and one multiplication by 3 per item, exact in the same order
*/
// cub::BlockLoad / cub::BlockStore on a 2D block (BLOCK_DIM_X 16, BLOCK_DIM_Y 4, template
// arguments 2 and 5): the thread rank is x + 16 * y (CUB docs: row-major); blocked loads of
// 3 items, a striped store of 3 items, a guarded striped store of 2 items.
#include <cub/cub.cuh>

__global__ void load_2d(const float *in, float *out, float *sout, int n) {
  typedef cub::BlockLoad<float, 16, 3, cub::BLOCK_LOAD_DIRECT, 4> LoadT;
  typedef cub::BlockStore<float, 16, 3, cub::BLOCK_STORE_STRIPED, 4> StoreT;
  typedef cub::BlockLoad<float, 16, 2, cub::BLOCK_LOAD_TRANSPOSE, 4> Load2T;
  typedef cub::BlockStore<float, 16, 2, cub::BLOCK_STORE_STRIPED, 4> Store2T;
  __shared__ union {
    LoadT::TempStorage load;
    StoreT::TempStorage store;
    Load2T::TempStorage load2;
    Store2T::TempStorage store2;
  } ts;
  float v[3], w[2];
  LoadT(ts.load).Load(in + blockIdx.x * 192, v);
  __syncthreads();
  for (int j = 0; j < 3; j++)
    v[j] = v[j] * 3.0f;
  StoreT(ts.store).Store(out + blockIdx.x * 192, v);
  __syncthreads();
  Load2T(ts.load2).Load(in + blockIdx.x * 128, w, n - blockIdx.x * 128, 0.5f);
  __syncthreads();
  Store2T(ts.store2).Store(sout + blockIdx.x * 128, w, n - blockIdx.x * 128 - 5);
}
