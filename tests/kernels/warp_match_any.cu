/* cuda2hlo-test
launch: match_keys<<<2, 64>>>(key, fkey, same, fsame, leader, n)
launch: match_aggregate<<<2, 96>>>(slot, counter, old, s)
launch: match_groups<<<2, 64>>>(key, group, size)
buffer: key i32 128 randint 0 6
buffer: fkey i32 128 randint 0 3
buffer: same u32 128 zeros
buffer: fsame u32 128 zeros
buffer: leader i32 128 zeros
buffer: slot i32 192 zeros
buffer: counter i32 30 zeros
buffer: old i32 192 zeros
buffer: group u32 128 zeros
buffer: size i32 128 zeros
scalar: n = 120
scalar: s = 5
check: same rtol=0 atol=0
check: fsame rtol=0 atol=0
check: leader rtol=0 atol=0
check: counter rtol=0 atol=0
check: old rtol=0 atol=0
check: group rtol=0 atol=0
check: size rtol=0 atol=0
note: __match_any_sync on int keys (lanes past n match nothing: their key is -1-lane),
note: on float keys (-0.0 and 0.0 differ: the bits are compared), with a mask of the
note: even lanes, and on 64-bit addresses for warp-aggregated atomics, where each
note: group's leader (its lowest lane) adds the group's size and the others take their
note: old value by rank from the leader's: every result is exact whatever the order
*/
// Warp match: each lane gets the mask of the lanes (among those its mask names) whose
// value has the same bits as its own.
__global__ void match_keys(const int *key, const int *fkey, unsigned *same, unsigned *fsame,
                           int *leader, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int k = i < n ? key[i] : -1 - lane;
  float f = (float)fkey[i] - 1.0f;                    // -1, 0 or 1
  if (f == 0.0f && lane % 3 == 0) f = -0.0f;     // same value, other bits
  unsigned m = __match_any_sync(0xffffffffu, k);
  same[i] = m;
  unsigned fm = 0u;
  if (lane % 2 == 0)
    fm = __match_any_sync(0x55555555u, f);
  fsame[i] = fm;
  leader[i] = __ffs(m) - 1;
}

__device__ int agg_inc(int *ptr) {
  unsigned mask = __match_any_sync(0xffffffffu, (unsigned long long)ptr);
  int lead = __ffs(mask) - 1;
  unsigned lane = threadIdx.x % 32;
  int res = 0;
  if (lane == lead)
    res = atomicAdd(ptr, __popc(mask));
  res = __shfl_sync(mask, res, lead);
  return res + __popc(mask & ((1u << lane) - 1u));
}

// each warp's lanes spread over s counters of its own (lane*lane % s): old[i] is this
// lane's ticket, its rank among the lanes of its counter
__global__ void match_aggregate(int *slot, int *counter, int *old, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, gw = i / 32;
  int c = gw * s + lane * lane % s;
  slot[i] = c;
  old[i] = agg_inc(counter + c);
}

// every lane of whole warps: the lanes of each key class, and the class's size
__global__ void match_groups(const int *key, unsigned *group, int *size) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned m = __match_any_sync(0xffffffffu, (long long)(key[i] % 3) - 1);
  group[i] = m;
  size[i] = __popc(m);
}
