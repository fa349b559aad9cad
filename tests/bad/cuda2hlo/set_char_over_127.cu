// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 --set c=200 -o %out/x.mlir
// ERROR: set_char_over_127\.cu:3:38: error: --set c=200: out of range for parameter type i8
__global__ void mix(unsigned u, char c, bool b, double d, long long w, float *out)
{
	out[threadIdx.x] = (float)(u + c + b + d + w);
}
