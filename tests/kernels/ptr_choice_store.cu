/* cuda2hlo-test
launch: ptr_choice_store<<<4, 64>>>(a, b, dir, vals, lo, hi, n)
buffer: a f32 256 uniform -4 4
buffer: b f32 256 uniform -4 4
buffer: dir i32 4 randint 0 2
buffer: vals i32 1024 randint -50 50
buffer: lo i32 1024 zeros
buffer: hi i32 1024 zeros
scalar: n = 250
check: a rtol=0 atol=0
check: b rtol=0 atol=0
check: lo
check: hi
note: stores through a pointer that chooses between buffers: ping-pong buffers whose roles
note: swap with a loop counter and a thread-dependent parity (a plain and a compound store
note: through the chosen destination, a load through the chosen source); an output chosen
note: per block by data, written at running positions (`dst[pos++] = v`, HeCBench
note: quicksort's gqsort); the buffer not chosen must keep its values; exact bit for bit
*/
__global__ void ptr_choice_store(float *a, float *b, const int *dir, const int *vals, int *lo, int *hi,
                                 int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;

  // Each thread owns element i of both buffers; which is read and which written swaps
  // every iteration, starting from a parity of the thread's index.
  float *s, *sn;
  for (int it = 0; it < 5; it++) {
    if (((i >> 2) + it) & 1) {
      s = a;
      sn = b;
    } else {
      s = b;
      sn = a;
    }
    sn[i] = s[i] * 0.5f + (float)it;
    sn[i] += 0.25f;
  }

  // An output chosen per block; each thread writes its negative values, then its others
  // in reverse, into its own four slots of it, at positions counted as it goes.
  int *dst;
  if (dir[blockIdx.x])
    dst = lo;
  else
    dst = hi;
  int pos = 4 * i, top = 4 * i + 3;
  for (int j = 0; j < 4; j++) {
    int v = vals[4 * i + j];
    if (v < 0)
      dst[pos++] = v;
    else
      dst[top--] = v * 3;
  }
  dst += 4 * i;
  dst[1] ^= 0x100;
}
