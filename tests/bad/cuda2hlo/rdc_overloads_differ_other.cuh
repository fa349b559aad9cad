// data of rdc_overloads_differ.cu: the other file of the program; pick(x) here is pick(int)
// (x truncated), as this file is compiled on its own
__device__ float pick(int v) { return 2.0f * (float)v; }
__device__ float scale(float x) { return pick(x); }
