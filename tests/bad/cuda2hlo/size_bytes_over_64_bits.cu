// RUN: cuda2hlo %s --grid 1 --block 32 --size out=4611686018427387904 -o %out/x.mlir
// ERROR: size_bytes_over_64_bits\.cu:4:79: error: --size out=4611686018427387904: 4611686018427387904 elements of 4 bytes do not fit in 64 bits
// 2^62 floats are 2^64 bytes
__global__ void mix(unsigned u, char c, bool b, double d, long long w, float *out)
{
	out[threadIdx.x] = (float)(u + c + b + d + w);
}
