/* cuda2hlo-test
launch: storage_union<<<2, 128>>>(k, out)
buffer: k i32 256 randint -1000 1000
buffer: out i32 2*128*3 zeros
check: out
note: every result is an int scan or reduction, exact in any order
*/
// The documented way to share one __shared__ allocation among cub collectives: a union
// (and a struct) whose members are TempStorages, each call given its member
// (`Scan(storage.scan)`). The storage itself holds nothing the program reads: only the
// calls' results are checked.
#include <cub/cub.cuh>
#define BS 128

__global__ void storage_union(const int *k, int *out) {
  typedef cub::BlockScan<int, BS> Scan;
  typedef cub::BlockReduce<int, BS> Reduce;
  __shared__ union {
    typename Scan::TempStorage scan;
    typename Reduce::TempStorage reduce;
  } u;
  __shared__ struct {
    typename Reduce::TempStorage a;
    typename Scan::TempStorage b;
  } s;
  int g = blockIdx.x * BS + threadIdx.x;
  int v = k[g], e, total, agg;
  Scan(u.scan).ExclusiveSum(v, e, agg);
  __syncthreads();
  total = Reduce(u.reduce).Reduce(v, cuda::maximum<>());
  __syncthreads();
  int inc;
  Scan(s.b).InclusiveScan(v & 255, inc, cuda::std::plus<>());
  int m = Reduce(s.a).Sum(v & 7);
  out[3 * g] = e;
  out[3 * g + 1] = inc;
  out[3 * g + 2] = agg;
  if (threadIdx.x == 0) {
    out[3 * g + 1] = total;
    out[3 * g + 2] = m;
  }
}
