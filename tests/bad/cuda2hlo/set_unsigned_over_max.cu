// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 --set u=4294967296 -o %out/x.mlir
// ERROR: set_unsigned_over_max\.cu:3:30: error: --set u=4294967296: out of range for parameter type u32
__global__ void mix(unsigned u, char c, bool b, double d, long long w, float *out)
{
	out[threadIdx.x] = (float)(u + c + b + d + w);
}
