// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 --shmem 200000 -o %out/x.mlir
// ERROR: shared_static_plus_dynamic\.cu:4:17: error: launch of 'tile': 232768 bytes of shared memory \(32768 static, 200000 dynamic\) exceed the 232448 per block
// each alone is within its limit
__global__ void tile(float *x)
{
	__shared__ float s[8192];
	extern __shared__ float d[];
	s[threadIdx.x] = x[threadIdx.x];
	d[threadIdx.x] = x[threadIdx.x];
	__syncthreads();
	x[threadIdx.x] = s[31 - threadIdx.x] + d[threadIdx.x];
}
