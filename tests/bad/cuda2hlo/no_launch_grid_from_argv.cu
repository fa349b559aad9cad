// RUN: cuda2hlo %s -o %out/x.mlir
// ERROR: no_launch_grid_from_argv\.cu:19:2: error: kernel 'scale' has no launch configuration: its grid follows from 'n', which is read from argv: give --set n=VALUE
// the unknown host variable is named at the launch, with the flag that supplies it
#include <stdlib.h>

__global__ void scale(float *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] *= 2.0f;
}

int main(int argc, char **argv)
{
	int n = atoi(argv[1]);
	float *x;
	cudaMalloc(&x, n * sizeof(float));
	dim3 grid((n + 127) / 128);
	scale<<<grid, 128>>>(x, n);
	return 0;
}
