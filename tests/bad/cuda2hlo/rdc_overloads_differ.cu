// The --rdc-source file's scale calls pick(x) with a float, where only pick(int) is
// declared: nvcc converts x to int. Joined with this file, whose pick(float) would be the
// better match, the call would pick another function: refused at the file that lacks it.
// RUN: cuda2hlo --emit kir --rdc-source %S/rdc_overloads_differ_other.cuh %s -o %out/k.kir
// ERROR: rdc_overloads_differ_other.cuh:3:18: error: device function 'pick' is overloaded differently in the files of the program
// ERROR: rdc_overloads_differ.cu:8:18: note: the overload this file does not declare
__device__ float scale(float x);
__device__ float pick(float v) { return v; }
__global__ void k(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = scale(in[i]) + pick(in[i]);
}
