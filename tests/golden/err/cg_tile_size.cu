// RUN-FLAGS: --grid 1 --block 32
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float *x) {
  cg::thread_block_tile<12> t = cg::tiled_partition<12>(cg::this_thread_block());
  x[threadIdx.x] = t.shfl(x[threadIdx.x], 0);
}
