// heat.cu: 2-D heat equation with a spatially varying diffusivity, for the inverse
// problem in fit_diffusivity.py (examples/python/README.md).
//
//   dT/dt = div(kappa grad T)  on an nx x ny grid (row-major, x fastest), spacing dx,
//   explicit Euler steps of dt, boundary cells held at their initial values.
//
// heat_step is one step in flux form: the diffusivity at a face is the mean of the two
// cells it separates. heat_run is the host time loop that `cuda2hlo --entry heat_run`
// raises into one module: nsteps steps (an even number), the state ending in T.
#include <cuda_runtime.h>
#include <utility>

__global__ void heat_step(const double *T, double *Tn, const double *kappa, int nx, int ny,
                          double r)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i < 1 || j < 1 || i >= nx - 1 || j >= ny - 1)
		return;
	int c = j * nx + i;
	double ke = 0.5 * (kappa[c] + kappa[c + 1]);
	double kw = 0.5 * (kappa[c] + kappa[c - 1]);
	double kn = 0.5 * (kappa[c] + kappa[c + nx]);
	double ks = 0.5 * (kappa[c] + kappa[c - nx]);
	Tn[c] = T[c] + r * (ke * (T[c + 1] - T[c]) - kw * (T[c] - T[c - 1]) +
	                    kn * (T[c + nx] - T[c]) - ks * (T[c] - T[c - nx]));
}

// T and Tn must hold the same boundary values (pass Tn as a copy of T).
void heat_run(double *T, double *Tn, const double *kappa, int nx, int ny, double dx,
              double dt, int nsteps)
{
	double r = dt / (dx * dx);
	dim3 block(16, 16);
	dim3 grid((nx + 15) / 16, (ny + 15) / 16);
	for (int n = 0; n < nsteps; n++) {
		heat_step<<<grid, block>>>(T, Tn, kappa, nx, ny, r);
		std::swap(T, Tn);
	}
}
