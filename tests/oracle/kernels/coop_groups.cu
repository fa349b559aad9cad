/* cuda2hlo-test
launch: tile_sums<<<3, 64>>>(x, out, n)
buffer: x i32 192 randint -100 100
buffer: out i32 192 zeros
scalar: n = 192
check: out
note: cooperative groups: this_thread_block().sync(), tiled_partition<16>, cg::reduce, thread_rank
*/
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void tile_sums(const int *x, int *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int s[64];
  int i = blockIdx.x * blockDim.x + block.thread_rank();
  s[block.thread_rank()] = x[i];
  block.sync();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int mine = s[63 - block.thread_rank()];
  int sum = cg::reduce(tile, mine, cg::plus<int>());
  int first = tile.shfl(mine, 0);
  out[i] = sum * 1000 + (tile.thread_rank() == 15 ? first : tile.meta_group_rank());
}
