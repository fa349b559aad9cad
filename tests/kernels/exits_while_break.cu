/* cuda2hlo-test
launch: drain<<<2, 64>>>(w, left, used, out, budget)
buffer: w i32 1536 randint 1 9
buffer: left i32 128 zeros
buffer: used i32 128 zeros
buffer: out i32 1536 const -1
scalar: budget = 30
check: left rtol=0 atol=0
check: used rtol=0 atol=0
check: out rtol=0 atol=0
note: a while loop over 12 items that stores each item it takes and breaks when the next
note: would exceed the thread's budget: the count and the budget left after the loop are
note: their values at the break
*/
// A while loop (constant trip count) with a store and a data-dependent break.
__global__ void drain(const int *w, int *left, int *used, int *out, int budget) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int b = budget, i = 0;
  while (i < 12) {
    int c = w[t * 12 + i];
    if (c > b)
      break;
    b -= c;
    out[t * 12 + i] = b;
    i++;
  }
  left[t] = b;
  used[t] = i;
}
