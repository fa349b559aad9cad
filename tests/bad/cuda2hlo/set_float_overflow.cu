// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --set n=1000 --set a=1e999 -o %out/x.mlir
// ERROR: set_float_overflow\.cu:4:36: error: --set a=1e999: not finite for parameter type f32
// it used to become infinity; write inf for that
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
