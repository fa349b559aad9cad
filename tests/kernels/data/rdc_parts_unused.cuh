// A fourth file of tests/kernels/rdc_parts.cu's program that the kernel does not need:
// pick(int) here and pick(float) there are two functions under nvcc; joined, a call
// could choose another, so joining this file would be refused.
__device__ float pick(int v) { return 2.0f * (float)v; }
__device__ float twice(float x) { return pick((int)x); }
