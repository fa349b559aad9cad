/* cuda2hlo-test
launch: walk_two_ways<<<2, 100>>>(next, fwd, rev, pair, n)
buffer: next i32 200 randint -1 200
buffer: fwd i32 200 const -9
buffer: rev i32 200 const -9
buffer: pair i32 400 const -9
scalar: n = 200
check: fwd
check: rev
check: pair
note: one data-dependent loop (a walk of a random successor list), its results stored
note: four times after it: fwd[i], rev[n - 1 - i] (the same threads in the reverse
note: order), pair[2 * i] and pair[2 * i + 1] (one box [n][2] at column 0 and 1). A while
note: is built per set of lanes (threads in an order): fwd's, rev's, and one for both
note: stores of pair, whose lanes are the same threads at a constant offset.
*/
// A data-dependent loop's while shared by the stores whose lanes are the same threads.
__global__ void walk_two_ways(const int *next, int *fwd, int *rev, int *pair, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int p = i, s = 0;
  while (p >= 0 && s < 30) {
    p = next[p];
    s++;
  }
  fwd[i] = s;
  rev[n - 1 - i] = s * 3 + i;
  pair[2 * i] = s;
  pair[2 * i + 1] = p;
}
