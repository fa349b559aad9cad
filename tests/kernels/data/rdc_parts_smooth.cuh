// Another file of tests/kernels/rdc_parts.cu's program (its --rdc-source): smooth calls
// blend, defined in a third file, and this file's own static helper.
__device__ float blend(float a, float b);
static __device__ float helper(float x) { return x * x; }
__device__ float smooth(float x) { return blend(helper(x), x); }
