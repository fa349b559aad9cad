// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --set n=1000 --set x=3 -o %out/x.mlir
// ERROR: set_on_pointer\.cu:5:52: error: --set x=3: a pointer parameter can only be set to 0 \(null\)
// (`--set P=0` makes pointer P null, src/frontend/kernel.c null_param; before 2026-12-07
// every --set of a pointer was "no converted kernel has a scalar parameter of that name")
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
