// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 -o %out/x.mlir
// ERROR: shared_static_over_48k\.cu:4:17: error: launch of 'tile': 49156 bytes of static __shared__ memory exceed CUDA's 49152 per block
// 48 KiB of static shared memory per block
__global__ void tile(float *x)
{
	__shared__ float s[12289];
	s[threadIdx.x] = x[threadIdx.x];
	__syncthreads();
	x[threadIdx.x] = s[31 - threadIdx.x];
}
