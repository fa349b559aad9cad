// RUN: cuda2hlo %s --size x=1024 -o %out/x.mlir
// ERROR: no_launch_block_assigned\.cu:14:2: error: kernel 'fill' has no launch configuration: its block follows from 'threads', which is assigned in host code .*: give --set threads=VALUE
// a variable assigned twice is unknown (the host evaluation is flow-insensitive)
__global__ void fill(float *x)
{
	x[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}

void run(float *x, int big)
{
	int threads = 128;
	if (big)
		threads = 256;
	fill<<<1024 / threads, threads>>>(x);
}

void other(float *x)
{
	fill<<<4, x ? 256 : 128>>>(x);
}
