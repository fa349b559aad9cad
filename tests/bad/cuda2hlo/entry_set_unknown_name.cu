// RUN: cuda2hlo %s --entry run --size x=1000 --set n=1000 --set a=2 --set m=3 -o %out/x.mlir
// ERROR: entry_set_unknown_name\.cu:12:6: error: --set m: the host function 'run' has no scalar parameter of that name
// With --entry the names are the host function's parameters.
__global__ void scale(float *x, float a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] *= a;
}

// the host function
void run(float *x, float a, int n)
{
	scale<<<(n + 255) / 256, 256>>>(x, a, n);
}
