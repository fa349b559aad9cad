/* cuda2hlo-test
launch: list_walk<<<2, 160>>>(head, next, w, dist, hops, n)
buffer: head i32 300 randint -1 300
buffer: next i32 300 randint -1 300
buffer: w f32 300 uniform 0 1
buffer: dist f32 300 zeros
buffer: hops i32 300 zeros
scalar: n = 300
check: dist rtol=1e-5 atol=1e-5
check: hops
note: random successor lists (-1 ends one; cycles end at 40 hops); no walk where w[i] <= 0.3
*/
// Each thread walks a linked list from its head while the weights stay above 0.05: a
// loop whose trip count depends on data, under a guard that depends on data (threads
// whose own weight is at most 0.3 never run it), whose two results are stored after it.
__global__ void list_walk(const int *head, const int *next, const float *w, float *dist,
                          int *hops, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float d = 0.0f;
  int h = 0, p = head[i];
  if (p >= 0 && w[i] > 0.3f) {
    while (p != -1 && h < 40) {
      if (w[p] < 0.05f) break;
      d += w[p];
      p = next[p];
      h++;
    }
  }
  dist[i] = d;
  hops[i] = h;
}
