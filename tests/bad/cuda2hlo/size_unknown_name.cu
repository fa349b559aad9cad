// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --size z=10 -o %out/x.mlir
// ERROR: size_unknown_name\.cu:4:17: error: --size z: no converted kernel has a pointer parameter of that name
// a misspelt name used to be ignored
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
