/* cuda2hlo-test
launch: poison_shuffle_groups<<<3, 128>>>(in, out, n)
buffer: in i32 1536 randint 0 1000
buffer: out i32 1536 const -1
scalar: n = 300
check: out
note: four threads per item load an item's keys under `item < n`; a butterfly over
note: shuffles (lane distances 1, 4, 16) runs under `item < (n / 8) * 8`, whole groups of
note: 8 items, so every source lane set its key (HeCBench segsort's register sort):
note: the keys' "not set" bits move with the shuffles (poison.c) and stay clear; exact
*/
__global__ void poison_shuffle_groups(const int *in, int *out, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int item = gid >> 2;
  int k;
  if (item < n)
    k = in[gid];
  if (item < (n / 8) * 8) {
    int o = __shfl_xor_sync(0xffffffffu, k, 1);
    k = (threadIdx.x & 1) ? max(k, o) : min(k, o);
    o = __shfl_xor_sync(0xffffffffu, k, 4);
    k = k + 2 * o;
    o = __shfl_xor_sync(0xffffffffu, k, 16);
    out[gid] = k - o;
  }
}
