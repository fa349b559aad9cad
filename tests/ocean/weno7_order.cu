/* weno7_order.cu: the ocean model's WENO(order=7) reconstruction (weno7.cuh) on a 1-D
 * periodic line, run under the CUDA emulator by weno7_order.py, which checks the observed
 * order of convergence against the exact solution.
 *
 * For each resolution N (argv: N...), the cells of [0, 1) hold the exact cell averages of
 * f(x) = exp(sin(2 pi x)) (computed here by 8-point Gauss-Legendre quadrature per cell,
 * exact to far below the reconstruction error); the kernel reconstructs every face value
 * from the left (positive velocity) and from the right (negative velocity). Printed: one
 * line per face, `N i left right`, with face i at x = i / N. */
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "weno7.cuh"

#define PER(i, n) ((((i) % (n)) + (n)) % (n))

__global__ void reconstruct(const double *c, double *left, double *right, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	left[i] = weno7(c[PER(i - 4, n)], c[PER(i - 3, n)], c[PER(i - 2, n)], c[PER(i - 1, n)],
			c[PER(i, n)], c[PER(i + 1, n)], c[PER(i + 2, n)]);
	right[i] = weno7(c[PER(i + 3, n)], c[PER(i + 2, n)], c[PER(i + 1, n)], c[PER(i, n)],
			 c[PER(i - 1, n)], c[PER(i - 2, n)], c[PER(i - 3, n)]);
}

static double cell_average(int i, int n)
{
	static const double x[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267,
				    0.9602898564975363};
	static const double w[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745,
				    0.1012285362903763};
	double a = (double)i / n, h = 1.0 / n, s = 0.0;
	for (int q = 0; q < 4; q++)
		for (int sg = -1; sg <= 1; sg += 2) {
			double xq = a + 0.5 * h * (1.0 + sg * x[q]);
			s += w[q] * exp(sin(2.0 * M_PI * xq));
		}
	return 0.5 * s;
}

int main(int argc, char **argv)
{
	for (int a = 1; a < argc; a++) {
		int n = atoi(argv[a]);
		double *c, *l, *r;
		cudaMallocManaged(&c, n * sizeof(double));
		cudaMallocManaged(&l, n * sizeof(double));
		cudaMallocManaged(&r, n * sizeof(double));
		for (int i = 0; i < n; i++)
			c[i] = cell_average(i, n);
		reconstruct<<<(n + 63) / 64, 64>>>(c, l, r, n);
		cudaDeviceSynchronize();
		for (int i = 0; i < n; i++)
			printf("%d %d %.17g %.17g\n", n, i, l[i], r[i]);
		cudaFree(c);
		cudaFree(l);
		cudaFree(r);
	}
	return 0;
}
