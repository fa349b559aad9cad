// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --offset z=16 -o %out/x.mlir
// ERROR: offset_unknown_name\.cu:5:17: error: --offset z: no converted kernel has a pointer parameter of that name
// a misspelt name would leave x's residue at 0: refused as --size's is
#include <stdint.h>
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n && (uintptr_t)(x + i) % 8 == 0)
		y[i] = a * x[i] + y[i];
}
