// The third file of tests/kernels/rdc_parts.cu's program: blend, with its own static
// helper of the same name as the other two files', and sum3, which the kernel's file
// declares with a const pointer.
static __device__ float helper(float x) { return 0.25f * x; }
__device__ float blend(float a, float b) { return a - helper(b); }
extern "C" __device__ float sum3(float p[]) { return p[0] + 2.0f * p[1] + 4.0f * p[2]; }
