// RUN-FLAGS: --grid 2 --block 32
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float *x) {
  cg::grid_group g = cg::this_grid();
  x[threadIdx.x] += 1;
  g.sync();
}
