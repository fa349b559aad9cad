/* cuda2hlo-test
launch: tile_smooth<<<5, 64>>>(in, out, n)
buffer: in f32 5*64 uniform -1 1
buffer: out f32 5*64 zeros
scalar: n = 300
check: out
note: one C-style counter declared once and reused by loops in different barrier phases:
note: a per-thread loop, a loop around barriers, and per-thread loops after them
*/
// C89-style kernel: `int i;` at the top, every loop reuses it.
#define TILE 64
#define SWEEPS 3

__global__ void tile_smooth(const float *in, float *out, int n) {
  __shared__ float a[TILE];
  __shared__ float b[TILE];
  int i;
  int t = threadIdx.x;
  int g = blockIdx.x * TILE + t;
  float w = 0.0f;
  for (i = 0; i < 3; i++)            // per thread, before any barrier
    w += 0.25f * (float)(i + 1);
  a[t] = g < n ? in[g] * w : 0.0f;
  __syncthreads();
  for (i = 0; i < SWEEPS; i++) {     // around barriers: the block's counter
    float l = a[(t + TILE - 1) % TILE], r = a[(t + 1) % TILE];
    b[t] = 0.25f * l + 0.5f * a[t] + 0.25f * r + 0.01f * (float)i;
    __syncthreads();
    a[t] = b[t];
    __syncthreads();
  }
  float s = 0.0f;
  for (i = t % 4; i < 8; i += 2)     // per thread again, a thread-dependent start
    s += a[(t + i) % TILE];
  if (g < n) out[g] = s;
}
