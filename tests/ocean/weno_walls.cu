/* weno_walls.cu: the ocean model's tracer fluxes through the faces of a Bounded
 * direction (flux_y, flux_z of ocean.cu with scheme 1, WENO5), run under the CUDA emulator
 * by weno_walls.py, which recomputes every face value from Oceananigans' formulas with
 * the reconstruction Oceananigans uses at that face.
 *
 * The tracer holds small random values (amplitude 1e-4, so that the smoothness indicators
 * are near WENO's epsilon and their scale matters) in the interior and NaN in every halo
 * cell: a reconstruction that reached past a wall would print nan. The normal velocity is
 * +1 or -1 everywhere (argv[1]). Printed: `c y J VALUE` for the column's cells, then
 * `y J FLUX` for every face J = 0 .. NY of column (i, k) = (5, 2), then `c z K VALUE`
 * and `z K FLUX` for faces K = 0 .. NZ - 1 of column (i, j) = (5, 3); with a Bounded x
 * (-DOCEAN_BOUNDED_X=1) first `c x I VALUE` and `x I FLUX` for the faces I = 0 .. NX of
 * row (j, k) = (3, 2). */
#include "../../examples/oceananigans/ocean.cu"

#include <stdio.h>
#include <stdlib.h>

__global__ void fluxes(const double *vel, const double *c, double *fx, double *fy, double *fz)
{
	for (int i = 0; i <= NX; i++)
		fx[i] = OCEAN_BOUNDED_X ? flux_x(vel, c, i, 3, 2, 1) : 0.0;
	for (int j = 0; j <= NY; j++)
		fy[j] = flux_y(vel, c, 5, j, 2, 1);
	for (int k = 0; k < NZ; k++)
		fz[k] = flux_z(vel, c, 5, 3, k, 1);
}

int main(int argc, char **argv)
{
	double sign = argc > 1 ? atof(argv[1]) : 1.0;
	double *hc = (double *)malloc(sizeof(double) * NTOTAL), *hv = (double *)malloc(sizeof(double) * NTOTAL);
	unsigned long long r = 12345;
	for (int n = 0; n < NTOTAL; n++) {
		hc[n] = NAN;
		hv[n] = sign;
	}
	for (int k = 0; k < NZ; k++)
		for (int j = 0; j < NY; j++)
			for (int i = 0; i < NX; i++) {
				r = r * 6364136223846793005ull + 1442695040888963407ull;
				hc[IX(i, j, k)] = 1e-4 * ((double)(r >> 11) / 9007199254740992.0);
			}
	double *c, *v, *fx, *fy, *fz;
	cudaMalloc((void **)&c, sizeof(double) * NTOTAL);
	cudaMalloc((void **)&v, sizeof(double) * NTOTAL);
	cudaMalloc((void **)&fx, sizeof(double) * (NX + 1));
	cudaMalloc((void **)&fy, sizeof(double) * (NY + 1));
	cudaMalloc((void **)&fz, sizeof(double) * NZ);
	cudaMemcpy(c, hc, sizeof(double) * NTOTAL, cudaMemcpyHostToDevice);
	cudaMemcpy(v, hv, sizeof(double) * NTOTAL, cudaMemcpyHostToDevice);
	fluxes<<<1, 1>>>(v, c, fx, fy, fz);
	double hx[NX + 1], hy[NY + 1], hz[NZ];
	cudaMemcpy(hx, fx, sizeof hx, cudaMemcpyDeviceToHost);
	cudaMemcpy(hy, fy, sizeof hy, cudaMemcpyDeviceToHost);
	cudaMemcpy(hz, fz, sizeof hz, cudaMemcpyDeviceToHost);
	if (OCEAN_BOUNDED_X) {
		for (int i = 0; i < NX; i++)
			printf("c x %d %.17g\n", i, hc[IX(i, 3, 2)]);
		for (int i = 0; i <= NX; i++)
			printf("x %d %.17g\n", i, hx[i]);
	}
	for (int j = 0; j < NY; j++)
		printf("c y %d %.17g\n", j, hc[IX(5, j, 2)]);
	for (int j = 0; j <= NY; j++)
		printf("y %d %.17g\n", j, hy[j]);
	for (int k = 0; k < NZ; k++)
		printf("c z %d %.17g\n", k, hc[IX(5, 3, k)]);
	for (int k = 0; k < NZ; k++)
		printf("z %d %.17g\n", k, hz[k]);
	return 0;
}
