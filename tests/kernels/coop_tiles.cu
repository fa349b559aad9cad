/* cuda2hlo-test
launch: tiles<<<3, 96>>>(x, k, sums, info, n)
buffer: x f32 288 uniform -1 1
buffer: k i32 288 randint -1000 1000
buffer: sums f32 288*4 zeros
buffer: info i32 288*8 zeros
scalar: n = 280
check: sums rtol=1e-5 atol=1e-5
check: info
note: 96 threads = 3 warps; the last 8 threads have no element (n = 280) but take part in every collective
*/
// Cooperative groups: the block (thread_rank, size, group_index, thread_index, sync),
// tiles of 32 and 8 threads (thread_rank, size, meta_group_rank, shfl, shfl_up,
// shfl_down, shfl_xor, ballot, any, all, sync) and cg::reduce with plus, less, greater
// and bit_xor.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void tiles(const float *x, const int *k, float *sums, int *info, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> oct = cg::tiled_partition<8>(block);
  int i = block.group_index().x * block.size() + block.thread_rank();
  float v = i < n ? x[i] : 0.0f;
  int w = i < n ? k[i] : 0;
  __shared__ float s[96];
  s[block.thread_index().x] = v;
  block.sync();
  float nb = s[(block.thread_rank() + 1) % block.size()];
  float tree = v;
  for (int o = warp.size() / 2; o > 0; o /= 2) tree += warp.shfl_down(tree, o);
  sums[4 * i + 0] = warp.shfl(tree, 0) + nb;
  sums[4 * i + 1] = cg::reduce(oct, v, cg::plus<float>());
  sums[4 * i + 2] = cg::reduce(warp, v, cg::greater<float>()) - cg::reduce(oct, v, cg::less<float>());
  sums[4 * i + 3] = oct.shfl_up(v, 1) + oct.shfl_xor(v, 5);
  oct.sync();
  info[8 * i + 0] = (int)warp.thread_rank() + 100 * (int)oct.thread_rank();
  info[8 * i + 1] = (int)oct.meta_group_rank() + 1000 * (int)warp.meta_group_rank() + 10000 * (int)oct.size();
  info[8 * i + 2] = (int)warp.ballot(w > 0);
  info[8 * i + 3] = (int)oct.ballot(w % 3 == 0);
  info[8 * i + 4] = oct.any(w > 900) + 2 * oct.all(w > -900) + 4 * warp.all(w < 1000);
  info[8 * i + 5] = cg::reduce(warp, w, cg::bit_xor<int>());
  info[8 * i + 6] = cg::reduce(oct, w, cg::plus<int>()) + cg::reduce(oct, w, cg::less<int>());
  info[8 * i + 7] = cg::reduce(warp, w, cg::greater<int>());
}
