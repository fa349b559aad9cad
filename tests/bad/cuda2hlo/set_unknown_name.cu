// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --set n=1000 --set a=2 --set m=3 -o %out/x.mlir
// ERROR: set_unknown_name\.cu:4:17: error: --set m: no converted kernel has a scalar parameter of that name
// a misspelt name used to be ignored
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
