// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --size n=10 -o %out/x.mlir
// ERROR: size_on_scalar\.cu:3:17: error: --size n: no converted kernel has a pointer parameter of that name
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
