// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1024 --size y=1024 --symbolic x -o %out/x.mlir
// ERROR: symbolic_buffer_size.cu:5:36: error: --symbolic x: the size of buffer 'x' is also given to --size: a size is either given or symbolic
// ERROR: note: in kernel 'scale'
// A buffer's size is either given (--size) or a symbol (--symbolic NAME, or no --size under --symbolic).
__global__ void scale(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0f * x[i];
}
