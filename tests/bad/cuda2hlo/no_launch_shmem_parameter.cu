// RUN: cuda2hlo %s --size x=1024 -o %out/x.mlir
// ERROR: no_launch_shmem_parameter\.cu:12:2: error: kernel 'fill' has no launch configuration: its shared memory size follows from 'bytes', which is a parameter of 'run': give --set bytes=VALUE
// a host function's parameter: named with its function
__global__ void fill(float *x)
{
	extern __shared__ float s[];
	x[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}

void run(float *x, int bytes)
{
	fill<<<4, 256, bytes>>>(x);
}
