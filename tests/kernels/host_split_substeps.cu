/* cuda2hlo-test
entry: split_substeps(eta, U, etab, Ub, n, dt, nsteps)
buffer: eta f64 96 uniform -1 1
buffer: U f64 97 zeros
buffer: etab f64 96 zeros
buffer: Ub f64 97 zeros
scalar: n = 96
scalar: dt = 1.3
scalar: nsteps = 5
check: eta rtol=1e-12 atol=1e-14
check: U rtol=1e-12 atol=1e-14
check: etab rtol=1e-12 atol=1e-14
check: Ub rtol=1e-12 atol=1e-14
note: a split-explicit pattern: in each step of a host time loop, a host loop of scalars
note: picks the substep count (the last positive weight, carried through an if) and the
note: weights' sum, then a nested host loop of that many substeps launches a forward and a
note: backward kernel with a weight computed from the substep counter; the averages
note: replace the state. Whiles: the time loop, and nested in it the two host loops.
*/
// Linear 1-D gravity waves between walls (U = 0 on faces 0 and n), forward-backward
// substeps averaged with the weights x (1.5 - x), x = 2 m / ns, up to the last positive one.
#include <cuda_runtime.h>
#include <math.h>

__global__ void velocity_substep(const double *eta, double *U, int n, double dtau)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= 1 && i < n)
		U[i] -= dtau * 0.8 * (eta[i] - eta[i - 1]);
}

__global__ void surface_substep(double *eta, const double *U, double *etab, double *Ub,
				int n, double dtau, double a)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	double e = eta[i] - dtau * (U[i + 1] - U[i]);
	eta[i] = e;
	etab[i] += a * e;
	Ub[i] += a * U[i];
}

__global__ void restart(double *eta, double *U, double *etab, double *Ub, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		eta[i] = etab[i];
		etab[i] = 0.0;
	}
	if (i <= n) {
		U[i] = Ub[i];
		Ub[i] = 0.0;
	}
}

void split_substeps(double *eta, double *U, double *etab, double *Ub, int n, double dt,
		    int nsteps)
{
	for (int t = 0; t < nsteps; t++) {
		int ns = (int)fmax(3.0, ceil(2.0 * dt / 0.4));
		int last = 1;
		double fsum = 0.0, run = 0.0;
		for (int m = 1; m <= ns; m++) {
			double x = 2.0 * m / ns;
			double f = x * (1.5 - x);
			run += f;
			if (f > 0.0) {
				last = m;
				fsum = run;
			}
		}
		for (int m = 1; m <= last; m++) {
			double x = 2.0 * m / ns;
			velocity_substep<<<(n + 63) / 64, 64>>>(eta, U, n, dt / ns);
			surface_substep<<<(n + 63) / 64, 64>>>(eta, U, etab, Ub, n, dt / ns,
							       x * (1.5 - x) / fsum);
		}
		restart<<<(n + 64) / 64, 64>>>(eta, U, etab, Ub, n);
	}
}
