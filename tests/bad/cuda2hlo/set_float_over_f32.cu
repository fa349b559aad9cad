// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --set n=1000 --set a=1e39 -o %out/x.mlir
// ERROR: set_float_over_f32\.cu:4:36: error: --set a=1e39: not finite for parameter type f32
// finite as a double, infinite as a float
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
