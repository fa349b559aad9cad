/* vi_advection.cu: the ocean model's vector-invariant momentum advection
 * (vector_invariant.cuh) on smooth analytic velocity fields, run under the CUDA emulator
 * by vi_advection.py, which compares with the exact (u·∇)u and (u·∇)v.
 * Built with -DNX=N -DNY=N -DNZ=N/2 -DLY=5.0e5 -DOCEAN_VECTOR_INVARIANT=1 (1000 km x 500 km x 1 km).
 *
 * u = cos(kx) sin(ly) cos(mz), v = sin(kx) cos(ly) cos(mz), w = (k + l)/m sin(kx) sin(ly)
 * sin(mz) (non-divergent, w = 0 at z = 0), with k = 2 pi / Lx, l = 2 pi / Ly, m = pi / Lz,
 * z the height above the bottom; every
 * array is set everywhere, halos included, from the formulas (no boundary conditions), and
 * the operators are evaluated away from the walls and the bottom and top, where the
 * reconstructions have their full order. Printed: `u|v i j k value` on every (NX/24)-th
 * point in each direction. */
#include <stdio.h>
#include <stdlib.h>

#include "../../examples/oceananigans/ocean.cu"

__global__ void advection(const double *u, const double *v, const double *w, double *au,
			  double *av)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j < 4 || j >= NY - 4 || k < 4 || k >= NZ - 4)
		return;
	au[IX(i, j, k)] = vi_u_dot_grad_u(u, v, w, i, j, k);
	av[IX(i, j, k)] = vi_u_dot_grad_v(u, v, w, i, j, k);
}

int main(void)
{
	double *u, *v, *w, *au, *av;
	cudaMallocManaged(&u, NTOTAL * sizeof(double));
	cudaMallocManaged(&v, NTOTAL * sizeof(double));
	cudaMallocManaged(&w, NTOTAL * sizeof(double));
	cudaMallocManaged(&au, NTOTAL * sizeof(double));
	cudaMallocManaged(&av, NTOTAL * sizeof(double));
	{
		double kx = 2.0 * M_PI / LX, ly = 2.0 * M_PI / LY, mz = M_PI / LZ;
		int s = NX / 24;
		for (int k = -H; k < NZ + H; k++)
			for (int j = -H; j < NY + H; j++)
				for (int i = -H; i < NX + H; i++) {
					double xf = i * DX, xc = (i + 0.5) * DX;
					double yf = j * DY, yc = (j + 0.5) * DY;
					double zf = k * DZ, zc = (k + 0.5) * DZ;
					u[IX(i, j, k)] = cos(kx * xf) * sin(ly * yc) * cos(mz * zc);
					v[IX(i, j, k)] = sin(kx * xc) * cos(ly * yf) * cos(mz * zc);
					w[IX(i, j, k)] = (kx + ly) / mz * sin(kx * xc) * sin(ly * yc) *
							 sin(mz * zf);
				}
		dim3 block(BX, BY, 1), grid((NX + BX - 1) / BX, (NY + BY - 1) / BY, NZ);
		advection<<<grid, block>>>(u, v, w, au, av);
		cudaDeviceSynchronize();
		for (int k = 4; k < NZ - 4; k += s)
			for (int j = 4; j < NY - 4; j += s)
				for (int i = 0; i < NX; i += s) {
					printf("u %d %d %d %.17g\n", i, j, k, au[IX(i, j, k)]);
					printf("v %d %d %d %.17g\n", i, j, k, av[IX(i, j, k)]);
				}
	}
	return 0;
}
