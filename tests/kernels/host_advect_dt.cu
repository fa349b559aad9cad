/* cuda2hlo-test
entry: advect(q, qn, n, length, speed, cfl, nu, nsteps)
buffer: q f64 256 uniform 0 1
buffer: qn f64 256 zeros
scalar: n = 256
scalar: length = 2.0
scalar: speed = 0.75
scalar: cfl = 0.4
scalar: nu = 0.01
scalar: nsteps = 30
check: q
check: qn
note: periodic 1-D advection-diffusion (upwind); the host function computes dx, dt and the kernel coefficients from its parameters (scalar arithmetic on the host), the trip count is a parameter
*/
#include <cuda_runtime.h>
#include <math.h>

__global__ void advect_step(const double *q, double *qn, int n, double c, double d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int w = i == 0 ? n - 1 : i - 1;
  int e = i == n - 1 ? 0 : i + 1;
  qn[i] = q[i] - c * (q[i] - q[w]) + d * (q[e] - 2.0 * q[i] + q[w]);
}

void advect(double *q, double *qn, int n, double length, double speed, double cfl,
            double nu, int nsteps) {
  double dx = length / n;
  double dt_adv = cfl * dx / speed;
  double dt_diff = 0.25 * dx * dx / nu;
  double dt = fmin(dt_adv, dt_diff);
  double c = speed * dt / dx;
  double d = nu * dt / (dx * dx);
  for (int s = 0; s < nsteps; s++) {
    advect_step<<<(n + 63) / 64, 64>>>(q, qn, n, c, d);
    double *t = q;
    q = qn;
    qn = t;
  }
}
