/* cuda2hlo-test
entry: nested_run(u, un, n)
buffer: u f64 512 uniform 0 1
buffer: un f64 512 uniform 2 3
scalar: n = 512
check: u
check: un
note: 3 x (4 + 1) Jacobi sweeps in two nested host loops that both swap the pointers
*/
// Nested time loops (two stablehlo.while, one inside the other) over buffers of symbolic
// size: the outer loop cuts u and un to their least size, the inner one finds one size
// already; n reaches the inner loop's launch through both whiles, and the runtime's
// refinement folds it there for the shape assertion (runtime/refine.c same_value).
#include <cuda_runtime.h>

__global__ void sweep(const double *in, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i == 0 || i == n - 1)
    out[i] = in[i];
  else
    out[i] = 0.5 * in[i] + 0.25 * (in[i - 1] + in[i + 1]);
}

void nested_run(double *u, double *un, int n) {
  for (int s = 0; s < 3; ++s) {
    for (int q = 0; q < 4; ++q) {
      sweep<<<4, 128>>>(u, un, n);
      double *t = u;
      u = un;
      un = t;
    }
    sweep<<<4, 128>>>(u, un, n);
    double *t = u;
    u = un;
    un = t;
  }
}
