/* cuda2hlo-test
launch: collatz<<<4, 256>>>(start, steps, peak, n)
buffer: start i32 1000 iota
buffer: steps i32 1000 zeros
buffer: peak i32 1000 zeros
scalar: n = 1000
check: steps
check: peak
note: starting values 1..1000; the longest chain has 178 steps and peaks at 250504
*/
// do-while with a data-dependent trip count (Collatz sequence lengths).
__global__ void collatz(const int *start, int *steps, int *peak, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = start[i] + 1, k = 0, hi = v;
  do {
    if (v == 1) break;
    v = (v & 1) ? 3 * v + 1 : v / 2;
    hi = v > hi ? v : hi;
    k++;
  } while (k < 1000);
  steps[i] = k;
  peak[i] = hi;
}
