// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --set n=1000 --set x=3 -o %out/x.mlir
// ERROR: set_on_pointer\.cu:3:17: error: --set x: no converted kernel has a scalar parameter of that name
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
