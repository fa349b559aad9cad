// A device function defined both here and in the --rdc-source file, which this file needs
// for thrice: nvcc's device link refuses the program; we refuse it at the second
// definition, with a note at the first.
// RUN: cuda2hlo --emit kir --rdc-source %S/rdc_defined_twice_other.cuh %s -o %out/k.kir
// ERROR: rdc_defined_twice_other.cuh:3:18: error: device function 'twice' is defined in more than one file of the program
// ERROR: rdc_defined_twice.cu:8:18: note: also defined here
__device__ float thrice(float x);
__device__ float twice(float x) { return 2.0f * x; }
__global__ void k(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = twice(in[i]) + thrice(in[i]);
}
