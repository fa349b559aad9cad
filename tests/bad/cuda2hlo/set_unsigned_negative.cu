// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 --set u=-1 -o %out/x.mlir
// ERROR: set_unsigned_negative\.cu:4:30: error: --set u=-1: out of range for parameter type u32
// C would wrap -1 to 4294967295; a flag value is taken exactly or refused
__global__ void mix(unsigned u, char c, bool b, double d, long long w, float *out)
{
	out[threadIdx.x] = (float)(u + c + b + d + w);
}
