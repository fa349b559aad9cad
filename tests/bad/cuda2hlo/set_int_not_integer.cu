// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --set n=2.5 --set a=2 -o %out/x.mlir
// ERROR: set_int_not_integer\.cu:3:27: error: --set n=2.5: not an integer for parameter type i32
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
