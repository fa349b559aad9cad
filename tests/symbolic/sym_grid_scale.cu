/* cuda2hlo-test
entry: scale_run(in, out, n)
buffer: in f64 512 uniform 0 1
buffer: out f64 512 uniform 2 3
scalar: n = 512
check: out
note: an unguarded store over a grid computed from n: blocks past (n + 127) / 128 do not exist
*/
// No `if (i < n)`: the launch's grid alone decides which elements are written, so the
// module (raised over 4 blocks with gridDim.x an input, src/raise/host_grid.c) must leave
// out[128 * gridDim.x ..] as it was.
#include <cuda_runtime.h>

__global__ void twice(const double *in, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0 * in[i] + (double)gridDim.x;
}

void scale_run(const double *in, double *out, int n) {
  twice<<<(n + 127) / 128, 128>>>(in, out);
}
