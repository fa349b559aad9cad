/* cuda2hlo-test
launch: flags<<<3, 64>>>(x, keys, out, n)
buffer: x f32 200 uniform -1 1
buffer: keys i32 200 randint 0 24
buffer: out f32 192 zeros
scalar: n = 180
check: out
*/
// Locals read only where a flag says that they were set, which the definite-assignment
// check (src/frontend/assigned.c) follows through the flag's value on each path: a hit
// record that several calls may fill under a condition and that is read under
// `if (h.hit)`, the same under `h.hit == 1` and after an early return in one call; a
// search loop (trip count from the data) that sets `found` and `at` just before its
// break, read under `if (!found) ... else`; a counter of conditions read under `c == 2`;
// a value set where a flag stays 0, read under `if (!side)`.
struct Hit { float t; int hit; float px, py; int which; };

__device__ void try_hit(Hit *h, float t, float p, int which) {
  if (t > 0.0f && t < h->t) {
    h->t = t;
    h->hit = 1;
    h->px = p + t;
    h->py = p - t;
    h->which = which;
  }
}

__device__ void try_plane(Hit *h, float t, float p) {
  if (p < -0.5f)
    return;
  if (t > 0.0f && t < h->t) {
    h->t = t;
    h->hit = 1;
    h->px = p;
    h->py = -p;
    h->which = 9;
  }
}

__global__ void flags(const float *x, const int *keys, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Hit h;
  h.t = 1.0e17f;
  h.hit = 0;
  try_hit(&h, x[i], 1.0f, 1);
  try_hit(&h, x[i + 1], 2.0f, 2);
  try_hit(&h, x[i + 2], 3.0f, 3);
  try_plane(&h, x[i + 3], x[i + 4]);
  float r = 0.0f;
  if (h.hit)
    r = h.px * 2.0f + h.py + h.which;
  if (h.hit == 1)
    r += h.px;

  bool found = false;
  int at;
  int m = keys[i] % 16 + 1;
  for (int j = 0; j < m; j++)
    if (keys[i + j] == 7) {
      found = true;
      at = j;
      break;
    }
  if (!found)
    r -= 1.0f;
  else
    r += at * 4;

  int c = 0;
  float q;
  if (x[i] > 0.25f) {
    q = x[i];
    c++;
  }
  if (x[i + 5] > 0.25f)
    c++;
  if (c == 2)
    r += q * 8.0f;

  int side = 0;
  float s;
  if (x[i + 6] > 0.0f)
    side = 1;
  else
    s = x[i + 6];
  if (!side)
    r += s * 16.0f;
  out[i] = r;
}
