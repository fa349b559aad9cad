/* cuda2hlo-test
launch: every_path<<<3, 64>>>(x, out, n, m)
buffer: x f32 192 uniform -1 1
buffer: out f32 192 zeros
scalar: n = 150
scalar: m = 4
check: out
*/
// Locals declared without a value and set before every read, in the ways the
// definite-assignment check (src/frontend/assigned.c) must accept: on both arms of an
// if, under the same guard as the read (here through an early return), in a loop whose
// trip count --set makes known, every element of a local array by a loop, struct
// fields one by one, every case of a switch, a do-while body, a device function that
// returns on every path.
struct Range { float lo, hi; };

__device__ float clamp_half(float v) {
  if (v < -0.5f)
    return -0.5f;
  else if (v > 0.5f)
    return 0.5f;
  return v;
}

__global__ void every_path(const float *x, float *out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a;
  if (x[i] > 0.0f)
    a = x[i];
  else
    a = -x[i];
  float b;
  if (i < n)
    b = x[i] * 2.0f;
  float c;
  for (int k = 0; k < m; k++)
    c = k * 0.5f + x[i];
  float t[8];
  for (int k = 0; k < 8; k++)
    t[k] = k + a;
  Range r;
  r.lo = fminf(a, c);
  r.hi = fmaxf(a, c);
  float d;
  switch (i % 3) {
  case 0: d = 1.0f; break;
  case 1: d = 2.0f; break;
  default: d = 3.0f; break;
  }
  float e;
  int steps = 0;
  do {
    e = x[(i + steps) % 192];
    steps++;
  } while (e < 0.0f && steps < 3);
  if (i >= n)
    return;
  out[i] = a + b + c + t[i % 8] + (r.hi - r.lo) + d + e + clamp_half(x[i]);
}
