// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 --set d=1e309 -o %out/x.mlir
// ERROR: set_double_overflow\.cu:3:56: error: --set d=1e309: not finite for parameter type f64
__global__ void mix(unsigned u, char c, bool b, double d, long long w, float *out)
{
	out[threadIdx.x] = (float)(u + c + b + d + w);
}
