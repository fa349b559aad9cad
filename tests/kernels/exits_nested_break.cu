/* cuda2hlo-test
launch: nested<<<2, 32>>>(m, first, rows, lim)
buffer: m f32 4096 uniform 0 1
buffer: first i32 512 const -5
buffer: rows i32 64 const -5
scalar: lim = 0.9
check: first rtol=0 atol=0
check: rows rtol=0 atol=0
note: each thread has an 8x8 block; per row the inner loop breaks at the first value
note: above lim (that break leaves only the row's loop), and the outer loop breaks after
note: the second row that had one: first[] gets each visited row's column, rows the
note: outer index at the break (8 when it never breaks)
*/
// Nested loops of constant trip counts, each with its own data-dependent break.
__global__ void nested(const float *m, int *first, int *rows, float lim) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int hits = 0, r;
  for (r = 0; r < 8; r++) {
    int c;
    for (c = 0; c < 8; c++)
      if (m[t * 64 + r * 8 + c] > lim)
        break;
    first[t * 8 + r] = c;
    if (c < 8) {
      hits++;
      if (hits == 2)
        break;
    }
  }
  rows[t] = r;
}
