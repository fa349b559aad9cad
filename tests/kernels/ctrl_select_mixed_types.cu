/* cuda2hlo-test
launch: mixed_select<<<dim3(3, 3, 2), dim3(8, 8, 2)>>>(in0, out0, out1, nx, ny, nz)
buffer: in0 i32 19*17*3 randint -3 4
buffer: out0 f32 19*17*3 zeros
buffer: out1 f32 19*17*3 zeros
scalar: nx = 19
scalar: ny = 17
scalar: nz = 3
check: out0
check: out1
note: a conditional whose branches are a constant and a gather of another type, compared
note: after an integer add, beside an fmaxf of a product (issue 14: this used to abort in
note: tir_build_binary, 'stablehlo.maximum' operand types differ)
*/
__global__ void mixed_select(const int *in0, float *out0, float *out1, int nx, int ny, int nz)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	int z = blockIdx.z * blockDim.z + threadIdx.z;
	if (x >= nx || y >= ny || z >= nz)
		return;
	int id = (z * ny + y) * nx + x;
	float v1 = fmaxf((float)x * (float)x, -100.0f);
	int v2 = (((x <= x) ? (-1) : in0[(x + 1) % nx]) + (x * z)) >= 1 ? 1 : z;
	out0[id] = (float)v2;
	out1[id] = v1;
}
