// RUN: cuda2hlo %s --size x=2048 -o %out/x.mlir
// ERROR: launch_host_block_over_1024\.cu:11:2: error: launch of 'k': block \(2048,1,1\) exceeds CUDA's limits
// the launch in host code is checked where it is
__global__ void k(float *x)
{
	x[threadIdx.x] = 1.0f;
}

void run(float *x)
{
	k<<<1, 2048>>>(x);
}
