// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 --set w=9223372036854775808 -o %out/x.mlir
// ERROR: set_long_long_over_max\.cu:3:69: error: --set w=9223372036854775808: out of range for parameter type i64
__global__ void mix(unsigned u, char c, bool b, double d, long long w, float *out)
{
	out[threadIdx.x] = (float)(u + c + b + d + w);
}
