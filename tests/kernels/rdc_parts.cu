/* cuda2hlo-test
launch: rdc_parts<<<4, 64>>>(x, y, n)
buffer: x f32 256 uniform -2 2
buffer: y f32 256 zeros
scalar: n = 250
rdc-source: data/rdc_parts_smooth.cuh data/rdc_parts_blend.cuh data/rdc_parts_unused.cuh
check: y
note: a program built with relocatable device code (nvcc -rdc=true): the kernel calls
note: smooth, defined in another file, which calls blend, defined in a third; each file
note: has its own static helper (renamed where joined). The fourth file is not needed and
note: not joined: its pick(int) would be refused as an overload pick(float) lacks. The
note: oracle compiles each file as its own unit. sum3 is extern "C", declared here with a
note: const pointer and defined in the third file without const: one function by its C name.
*/
__device__ float smooth(float x);   // data/rdc_parts_smooth.cuh
extern "C" __device__ float sum3(const float p[]);   // data/rdc_parts_blend.cuh
static __device__ float helper(float x) { return x + 1.0f; }
__device__ float pick(float v) { return v > 0.0f ? v : -0.5f * v; }

__global__ void rdc_parts(const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = smooth(x[i]) + helper(pick(x[i])) + sum3(x + i);
}
