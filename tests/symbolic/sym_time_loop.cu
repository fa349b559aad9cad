/* cuda2hlo-test
entry: smooth_run(u, un, n)
buffer: u f64 512 uniform 0 1
buffer: un f64 512 uniform 2 3
scalar: n = 512
check: u
check: un
note: 12 Jacobi sweeps over the first n elements (ends fixed); the pointers swap
*/
// A 1-D Jacobi time loop run by a host function (--entry smooth_run): the length n of the
// line is a runtime scalar (--symbolic n); the grid is computed from n.
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
    sweep<<<4, 128>>>(u, un, n);
    double *t = u;
    u = un;
    un = t;
  }
}
