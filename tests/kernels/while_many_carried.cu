/* cuda2hlo-test
launch: skip_search<<<3, 100>>>(counts, grid, idx, seeds, n, ng)
buffer: counts i32 300 randint 0 5000
buffer: grid i32 1000 iota
buffer: idx i32 300 const -9
buffer: seeds u64 300 const 0
scalar: n = 300
scalar: ng = 1000
check: idx
check: seeds
note: two data-dependent whiles one after the other, carrying 5 and 4 values: an LCG
note: jumped ahead by a loaded count of steps (square-and-multiply on the count's bits:
note: the count, the multiplier, the increment and the jump's two accumulated
note: coefficients), then a binary search of the jumped seed's top bits in a sorted table
note: (low end, high end, width and the last probe). Their old and final references take
note: 2 * (5 + 4) = 18 red slots, more than the 16 that data-dependent guards are bounded by.
*/
// Two sequential data-dependent loops with many carried values each.
__global__ void skip_search(const int *counts, const int *grid, int *idx,
                            unsigned long long *seeds, int n, int ng) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long mul = 6364136223846793005ULL, inc = 1442695040888963407ULL;
  unsigned long long am = 1, ac = 0;
  int k = counts[i];
  while (k > 0) {
    if (k & 1) {
      am = am * mul;
      ac = ac * mul + inc;
    }
    inc = inc * (mul + 1);
    mul = mul * mul;
    k >>= 1;
  }
  unsigned long long s = am * (unsigned long long)(i + 17) + ac;
  seeds[i] = s;
  int key = (int)((s >> 40) % (unsigned long long)ng);
  int lo = 0, hi = ng - 1, width = hi - lo, probe = -1;
  while (width > 1) {
    probe = lo + width / 2;
    if (grid[probe] > key)
      hi = probe;
    else
      lo = probe;
    width = hi - lo;
  }
  idx[i] = lo * 1000 + (probe + 1) % 1000;
}
