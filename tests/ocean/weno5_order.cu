/* weno5_order.cu: the ocean model's own tracer reconstruction (ocean.cu's face_value) on
 * a 1-D periodic line in a uniform flow, run under the CUDA emulator by weno5_order.py,
 * which checks the observed order of convergence against the exact solution.
 *
 * For each resolution N (argv: N...), the cells of [0, 1) hold the exact cell averages of
 * f(x) = exp(sin(2 pi x)) (8-point Gauss-Legendre per cell); the kernel reconstructs every
 * face value as the advective flux of a uniform velocity +1 and -1 sees it, with WENO5
 * (buffer 3) and Centered(order=2) (buffer 1). Printed: one line per face, `N i w5left
 * w5right c2`, with face i at x = i / N. */
#include "../../examples/oceananigans/ocean.cu"

#include <stdio.h>
#include <stdlib.h>

#define PER(i, n) ((((i) % (n)) + (n)) % (n))

__global__ void reconstruct(const double *c, double *left, double *right, double *centred, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	double m3 = c[PER(i - 3, n)], m2 = c[PER(i - 2, n)], m1 = c[PER(i - 1, n)];
	double c0 = c[PER(i, n)], p1 = c[PER(i + 1, n)], p2 = c[PER(i + 2, n)];
	left[i] = face_value(m3, m2, m1, c0, p1, p2, 1.0, 3);
	right[i] = face_value(m3, m2, m1, c0, p1, p2, -1.0, 3);
	centred[i] = face_value(m3, m2, m1, c0, p1, p2, 1.0, 1);
}

static double cell_average(int i, int n)
{
	static const double x[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267,
				    0.9602898564975363};
	static const double w[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745,
				    0.1012285362903763};
	double a = (double)i / n, h = 1.0 / n, s = 0.0;
	for (int q = 0; q < 4; q++)
		for (int sg = -1; sg <= 1; sg += 2)
			s += w[q] * exp(sin(2.0 * M_PI * (a + 0.5 * h * (1.0 + sg * x[q]))));
	return 0.5 * s;
}

int main(int argc, char **argv)
{
	for (int a = 1; a < argc; a++) {
		int n = atoi(argv[a]);
		double *c, *l, *r, *m;
		cudaMallocManaged(&c, n * sizeof(double));
		cudaMallocManaged(&l, n * sizeof(double));
		cudaMallocManaged(&r, n * sizeof(double));
		cudaMallocManaged(&m, n * sizeof(double));
		for (int i = 0; i < n; i++)
			c[i] = cell_average(i, n);
		reconstruct<<<(n + 63) / 64, 64>>>(c, l, r, m, n);
		cudaDeviceSynchronize();
		for (int i = 0; i < n; i++)
			printf("%d %d %.17g %.17g %.17g\n", n, i, l[i], r[i], m[i]);
		cudaFree(c);
		cudaFree(l);
		cudaFree(r);
		cudaFree(m);
	}
	return 0;
}
