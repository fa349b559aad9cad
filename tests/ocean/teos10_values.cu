/* teos10_values.cu: evaluates teos10.cuh's polynomials on the device for the states given
 * on the command line (Theta degC, S_A g/kg, Z m per triple) and prints, per state,
 * r0(zeta), r'(tau, s, zeta), the density rho = r0 + r' (kg/m^3), the thermal expansion
 * alpha (1/K) and the haline contraction beta (kg/g). */
#include <stdio.h>
#include <stdlib.h>
#include "teos10.cuh"

#define MAXN 64

__global__ void evaluate(const double *state, double *out, int n)
{
	int m = threadIdx.x;
	if (m >= n)
		return;
	double theta = state[3 * m], sa = state[3 * m + 1], z = state[3 * m + 2];
	double zeta = teos10_zeta(z);
	out[5 * m] = teos10_r0(zeta);
	out[5 * m + 1] = teos10_rprime(teos10_tau(theta), teos10_s(sa), zeta);
	out[5 * m + 2] = teos10_density(theta, sa, z);
	out[5 * m + 3] = teos10_thermal_expansion(theta, sa, z);
	out[5 * m + 4] = teos10_haline_contraction(theta, sa, z);
}

int main(int argc, char **argv)
{
	int n = (argc - 1) / 3;
	if (n < 1 || n > MAXN || (argc - 1) % 3) {
		fprintf(stderr, "usage: %s THETA SA Z [THETA SA Z ...]\n", argv[0]);
		return 2;
	}
	double h[3 * MAXN], r[5 * MAXN], *ds, *dr;
	for (int m = 0; m < 3 * n; m++)
		h[m] = atof(argv[1 + m]);
	cudaMalloc((void **)&ds, sizeof h);
	cudaMalloc((void **)&dr, sizeof r);
	cudaMemcpy(ds, h, sizeof h, cudaMemcpyHostToDevice);
	evaluate<<<1, MAXN>>>(ds, dr, n);
	cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost);
	for (int m = 0; m < n; m++)
		printf("%.17g %.17g %.17g %.17g %.17g\n", r[5 * m], r[5 * m + 1], r[5 * m + 2],
		       r[5 * m + 3], r[5 * m + 4]);
	return 0;
}
