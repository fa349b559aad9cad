/* hydrostatic_column.cu: the ocean model's linear equation of state and hydrostatic
 * pressure (ocean.cu's update_state, through initialize_state) on a state at rest whose
 * temperature and salinity give a buoyancy linear in z; run under the CUDA emulator by
 * hydrostatic_column.py, which checks b and p against the values computed by hand.
 *
 * Set-up: S = S0 everywhere, T = (N2 z / g + beta S0) / alpha, so that Oceananigans'
 * LinearEquationOfState, b = g (alpha T - beta S), gives b = N2 z at every centre z.
 * Printed: one line per level of the column (i, j) = (3, 2), `k z b p`. */
#include "../../examples/oceananigans/ocean.cu"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N2 1.0e-5
#define S0 35.0

int main(int argc, char **argv)
{
	double *f[9];
	for (int n = 0; n < 9; n++) {
		cudaMalloc((void **)&f[n], sizeof(double) * NTOTAL);
		cudaMemset(f[n], 0, sizeof(double) * NTOTAL);
	}
	double *T = (double *)malloc(sizeof(double) * NTOTAL), *S = (double *)malloc(sizeof(double) * NTOTAL);
	for (int n = 0; n < NTOTAL; n++)
		T[n] = S[n] = 0.0;
	for (int k = 0; k < NZ; k++)
		for (int j = 0; j < NY; j++)
			for (int i = 0; i < NX; i++) {
				double z = -LZ + (k + 0.5) * DZ;
				T[IX(i, j, k)] = (N2 * z / G_EARTH + BETA * S0) / ALPHA;
				S[IX(i, j, k)] = S0;
			}
	cudaMemcpy(f[3], T, sizeof(double) * NTOTAL, cudaMemcpyHostToDevice);
	cudaMemcpy(f[4], S, sizeof(double) * NTOTAL, cudaMemcpyHostToDevice);
	/* u v w T S eta b p Geta (eta, Geta: NTOTAL2 <= NTOTAL doubles) */
	initialize_state(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8]);
	double *b = (double *)malloc(sizeof(double) * NTOTAL), *p = (double *)malloc(sizeof(double) * NTOTAL);
	cudaMemcpy(b, f[6], sizeof(double) * NTOTAL, cudaMemcpyDeviceToHost);
	cudaMemcpy(p, f[7], sizeof(double) * NTOTAL, cudaMemcpyDeviceToHost);
	for (int k = 0; k < NZ; k++)
		printf("%d %.17g %.17g %.17g\n", k, -LZ + (k + 0.5) * DZ, b[IX(3, 2, k)], p[IX(3, 2, k)]);
	return 0;
}
