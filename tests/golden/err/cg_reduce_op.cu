// RUN-FLAGS: --grid 1 --block 32
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
struct mul { __device__ float operator()(float a, float b) const { return a * b; } };
__global__ void k(float *x) {
  cg::thread_block_tile<32> t = cg::tiled_partition<32>(cg::this_thread_block());
  x[threadIdx.x] = cg::reduce(t, x[threadIdx.x], mul());
}
