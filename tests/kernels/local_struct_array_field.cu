/* cuda2hlo-test
launch: bump_alloc<<<2, 64>>>(out, in)
buffer: out f32 128*2 zeros
buffer: in f32 128 uniform -8 8
check: out rtol=0 atol=0
note: a local struct whose array fields are too large to be held element by element
note: (over 64 scalars): each is a local array of its own, addressed by index, by a
note: pointer a member function returns into it, and as a 2-D table; exact
*/
// A per-thread pool: a struct with a counter and a fixed-size array from which a
// method hands out consecutive pieces (a bump allocator), the way published kernels keep
// scratch vectors without dynamic allocation.
struct Pool {
  int used = 0;
  float slots[96];
  int hist[8][12];

  __device__ float *grab(int k) {
    used += k;
    return slots + used - k;
  }
};

__global__ void bump_alloc(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Pool pool;
  for (int j = 0; j < 96; j++) pool.slots[j] = 0.0f;
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 12; c++) pool.hist[r][c] = r * c - i;
  float *a = pool.grab(5);
  float *b = pool.grab(7);
  for (int j = 0; j < 5; j++) a[j] = (float)(int)in[(i + j) % 128];
  for (int j = 0; j < 7; j++) b[j] = (float)(int)in[(i * 3 + j) % 128] * (float)(j + 1);
  pool.slots[pool.used] = 0.5f;
  float s = 0.0f;
  for (int j = 0; j < 16; j++) s += pool.slots[j] * (float)(j + 1);
  out[2 * i] = s;
  out[2 * i + 1] = (float)(pool.hist[i % 8][(i / 8) % 12] + pool.used);
}
