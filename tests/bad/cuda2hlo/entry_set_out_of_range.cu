// RUN: cuda2hlo %s --entry run --size x=1000 --set n=2147483648 --set a=2 -o %out/x.mlir
// ERROR: entry_set_out_of_range\.cu:12:33: error: --set n=2147483648: out of range for parameter type i32
// A host function's scalar is checked like a kernel's: 2^31 does not wrap.
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
