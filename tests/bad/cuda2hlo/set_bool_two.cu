// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 --set b=2 -o %out/x.mlir
// ERROR: set_bool_two\.cu:4:46: error: --set b=2: out of range for parameter type i1
// bool takes 0, 1, true, false
__global__ void mix(unsigned u, char c, bool b, double d, long long w, float *out)
{
	out[threadIdx.x] = (float)(u + c + b + d + w);
}
