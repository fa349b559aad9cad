// RUN: cuda2hlo %s --size x=1024 -o %out/x.mlir
// ERROR: no_launch_grid_struct_member\.cu:14:2: error: kernel 'fill' has no launch configuration: its grid follows from '.*cells', which is a struct member .*: give --grid and --block
// a struct member cannot be given with --set: the message says so
struct Mesh { int cells; };

__global__ void fill(float *x)
{
	x[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}

void run(float *x, Mesh m)
{
	int unused = 0;
	fill<<<m.cells / 256, 256>>>(x);
}
