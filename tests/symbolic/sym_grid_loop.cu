/* cuda2hlo-test
entry: smooth_run(u, un, n)
buffer: u f64 512 uniform 0 1
buffer: un f64 512 uniform 2 3
scalar: n = 512
check: u
check: un
note: sym_time_loop with the grid computed from n: (n + 127) / 128 blocks of 128
*/
// sym_time_loop with the launch grid computed from n at run time (--entry smooth_run
// --symbolic n): the kernel is raised over the 4 blocks the 512-element buffers can use,
// gridDim.x an input and the body under blockIdx.x < gridDim.x (src/raise/host_grid.c).
#include <cuda_runtime.h>

__global__ void sweep(const double *in, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i == 0 || i == n - 1)
    out[i] = in[i];
  else
    out[i] = 0.5 * in[i] + 0.25 * (in[i - 1] + in[i + 1]);
}

void smooth_run(double *u, double *un, int n) {
  for (int s = 0; s < 12; ++s) {
    sweep<<<(n + 127) / 128, 128>>>(u, un, n);
    double *t = u;
    u = un;
    un = t;
  }
}
