// The third file of tests/kernels/rdc_parts.cu's program: blend, with its own static
// helper of the same name as the other two files'.
static __device__ float helper(float x) { return 0.25f * x; }
__device__ float blend(float a, float b) { return a - helper(b); }
