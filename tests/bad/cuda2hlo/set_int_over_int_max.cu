// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --set n=2147483648 --set a=2 -o %out/x.mlir
// ERROR: set_int_over_int_max\.cu:4:27: error: --set n=2147483648: out of range for parameter type i32
// 2^31 used to wrap to -2^31 (saxpy then returned y unchanged)
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
