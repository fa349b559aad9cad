/* cuda2hlo-test
launch: scatter_one<<<dim3(4, 2), dim3(32, 4)>>>(out, sq, x, pos, nx, ny)
buffer: out f32 100*7 const 5
buffer: sq f32 100*7 zeros
buffer: x f32 100*7 uniform -1 1
buffer: pos i32 100*7 iota
scalar: nx = 100
scalar: ny = 7
check: out
check: sq
note: mixed raising (issue 18): the store out[...] at an index read from pos (data) is
note: the one scatter; the store to sq and every read (x, pos) stay dense; the rows
note: whose x is negative store nothing to out (a data-dependent guard: masked lanes)
*/
// One store at a data-dependent index (pos holds 0, 1, 2, ...: each row is mirrored,
// and the element count is not a multiple of the launch) beside a dense one.
__global__ void scatter_one(float *out, float *sq, const float *x, const int *pos, int nx,
                            int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny)
    return;
  int k = j * nx + i;
  float v = x[k];
  sq[k] = v * v;
  if (v > -0.5f)
    out[j * nx + (nx - 1 - pos[k] % nx)] = 3.0f * v;
}
