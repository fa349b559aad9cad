/* cuda2hlo-test
launch: mixed<<<2, 64>>>(x, keys, out, loc, n)
buffer: x i32 1024 randint 0 12
buffer: keys i32 256 randint 0 12
buffer: out i32 128 const -7
buffer: loc i32 1024 const -7
scalar: n = 120
check: out rtol=0 atol=0
check: loc rtol=0 atol=0
note: a search (returns from inside its loop) called twice per trip of a loop that itself
note: breaks under an affine guard on the thread (t % 5 == k) and under a data guard, values
note: carried across the trips and read after the loop, a kernel return inside the loop
note: for threads whose first key is 11 (their later stores are skipped)
*/
// Exit scopes nested in each other: a device function's early return inside an unrolled
// loop whose own break depends on the thread and on data, and a kernel return.
__device__ int pos(const int *row, int key) {
  for (int j = 0; j < 8; j++)
    if (row[j] == key)
      return j;
  return 8;
}

__global__ void mixed(const int *x, const int *keys, int *out, int *loc, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  int seen = 0, acc = 0, k;
  for (k = 0; k < 4; k++) {
    int p = pos(x + t * 8, keys[t * 2]);
    int q = pos(x + t * 8, keys[t * 2 + 1] + k);
    seen = seen * 3 + p * 10 + q;
    loc[t * 8 + k] = q;
    if (t % 5 == k)
      break;
    if (keys[t * 2] == 11)
      return;
    acc += p + q;
    if (acc > 12)
      break;
  }
  out[t] = acc * 100 + k * 1000 + seen;
}
