/* tracer_conservation.cu: the ocean model's tracer step (tracer_tendency with WENO5 and its
 * reduced orders next to the walls, bottom and top, Laplacian diffusion, ab2_step, the
 * halo fills) conserves the tracer content in a closed basin; run under the CUDA emulator
 * by tracer_conservation.py.
 *
 * The velocity is fixed and discretely non-divergent with no flow through any boundary:
 * an overturning cell in (x, z) from a streamfunction that vanishes at the bottom and the
 * top (u = dPsi/dz, and w from the model's own continuity kernel, whose top value is then
 * zero up to rounding), plus a horizontal gyre from a streamfunction that vanishes on the
 * y walls (u = -dPhi/dy, v = dPhi/dx), sheared in z. The tracer starts smooth plus noise
 * and takes STEPS QAB2 steps of DT (the first forward Euler). Printed: `content0 content1
 * maxchange` (content = sum of T dV over the interior, in long double). */
#include "../../examples/oceananigans/ocean.cu"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STEPS 1000
#define DT 3600.0

static long double content(const double *T)
{
	long double s = 0.0L;
	for (int k = 0; k < NZ; k++)
		for (int j = 0; j < NY; j++)
			for (int i = 0; i < NX; i++)
				s += (long double)T[IX(i, j, k)] * DX * DY * DZ;
	return s;
}

/* Psi at (x face i, z face k), Phi at (x face i, y face j). */
static double psi(int i, int k) { return 60.0 * sin(2.0 * M_PI * i / NX) * sin(M_PI * k / NZ); }
static double phi(int i, int j) { return 2.0e5 * cos(2.0 * M_PI * i / NX) * sin(M_PI * j / NY); }

static void velocity(double *u, double *v)
{
	for (int k = 0; k < NZ; k++) {
		double shear = cos(M_PI * (k + 0.5) / NZ);
		for (int j = 0; j < NY; j++)
			for (int i = 0; i < NX; i++) {
				u[IX(i, j, k)] = (psi(i, k + 1) - psi(i, k)) / DZ -
						 shear * (phi(i, j + 1) - phi(i, j)) / DY;
				v[IX(i, j, k)] = shear * (phi(i + 1, j) - phi(i, j)) / DX;
			}
	}
}

int main(int argc, char **argv)
{
	double *h[9], *d[9];   /* u v w T S eta b p Geta, then GT, GTm */
	for (int n = 0; n < 9; n++) {
		h[n] = (double *)calloc(NTOTAL, sizeof(double));
		cudaMalloc((void **)&d[n], sizeof(double) * NTOTAL);
	}
	double *GT, *GTm, *T0 = (double *)malloc(sizeof(double) * NTOTAL);
	cudaMalloc((void **)&GT, sizeof(double) * NTOTAL);
	cudaMalloc((void **)&GTm, sizeof(double) * NTOTAL);
	cudaMemset(GT, 0, sizeof(double) * NTOTAL);
	cudaMemset(GTm, 0, sizeof(double) * NTOTAL);
	velocity(h[0], h[1]);
	unsigned long long r = 7;
	for (int k = 0; k < NZ; k++)
		for (int j = 0; j < NY; j++)
			for (int i = 0; i < NX; i++) {
				r = r * 6364136223846793005ull + 1442695040888963407ull;
				double x = (i + 0.5) / NX, y = (j + 0.5) / NY;
				h[3][IX(i, j, k)] = 1.0 + 0.5 * sin(2.0 * M_PI * x) * cos(M_PI * y) +
						    0.1 * ((double)(r >> 11) / 9007199254740992.0);
				h[4][IX(i, j, k)] = 35.0;
			}
	for (int n = 0; n < 9; n++)
		cudaMemcpy(d[n], h[n], sizeof(double) * NTOTAL, cudaMemcpyHostToDevice);
	initialize_state(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8]);
	cudaMemcpy(T0, d[3], sizeof(double) * NTOTAL, cudaMemcpyDeviceToHost);
	dim3 block(BX, BY, 1), grid3((NX + BX - 1) / BX, (NY + BY - 1) / BY, NZ);
	for (int n = 0; n < STEPS; n++) {
		tracer_tendency<<<grid3, block>>>(d[0], d[1], d[2], d[3], GT, 1);
		ab2_step<<<grid3, block>>>(d[3], GT, GTm, DT, n == 0 ? -0.5 : CHI);
		fill_centred(d[3]);
	}
	cudaMemcpy(h[3], d[3], sizeof(double) * NTOTAL, cudaMemcpyDeviceToHost);
	double change = 0.0;
	for (int k = 0; k < NZ; k++)
		for (int j = 0; j < NY; j++)
			for (int i = 0; i < NX; i++)
				change = fmax(change, fabs(h[3][IX(i, j, k)] - T0[IX(i, j, k)]));
	printf("%.21Lg %.21Lg %.17g\n", content(T0), content(h[3]), change);
	return 0;
}
