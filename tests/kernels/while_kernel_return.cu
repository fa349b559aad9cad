/* cuda2hlo-test
launch: walk_or_stop<<<2, 160>>>(next, w, dist, hops, last, n)
launch: halve_or_stop<<<3, 100>>>(vals, steps, rest, n)
buffer: next i32 300 randint -1 300
buffer: w f32 300 uniform 0 1
buffer: dist f32 300 const -9
buffer: hops i32 300 const -9
buffer: last i32 300 const -9
buffer: vals i32 300 randint 1 5000
buffer: steps i32 300 const -9
buffer: rest i32 300 const -9
scalar: n = 300
check: dist rtol=1e-5 atol=1e-5
check: hops
check: last
check: steps
check: rest
note: walk_or_stop: random successor lists (-1 ends one; cycles end at 40 hops); a thread
note: that meets a weight below 0.05 returns from the kernel inside the loop, so dist and
note: last keep -9 and hops the -1 stored before the loop. halve_or_stop: a do-while that
note: halves an even value, counts its steps and returns when the value is a multiple of
note: 7 (rest then keeps -9, steps the 0 stored before the loop)
*/
// A kernel `return` inside a data-dependent loop (a while, a do-while): the threads that
// return store nothing after it, the others store what the loop leaves.
__global__ void walk_or_stop(const int *next, const float *w, float *dist, int *hops,
                             int *last, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  hops[i] = -1;
  float d = 0.0f;
  int h = 0, p = next[i];
  while (p != -1 && h < 40) {
    if (w[p] < 0.05f) return;
    d += w[p];
    p = next[p];
    h++;
  }
  dist[i] = d;
  hops[i] = h;
  last[i] = p;
}

__global__ void halve_or_stop(const int *vals, int *steps, int *rest, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = vals[i], s = 0;
  steps[i] = 0;
  do {
    if (v % 7 == 0) return;
    v = v / 2;
    s++;
  } while (v % 2 == 0);
  steps[i] = s;
  rest[i] = v;
}
