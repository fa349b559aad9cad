// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 --size y=32 -o %out/mods
// ERROR: output_folder_failed_kernel\.cu:10:3: error: data race on 'y'
// Two kernels and -o DIR: the second races, so no folder and no module is made,
// although the first kernel raised.
__global__ void good(float *x) { x[threadIdx.x] = 1.0f; }

__global__ void racy(float *y)
{
	int i = threadIdx.x;
  y[0] = (float)i;
}
