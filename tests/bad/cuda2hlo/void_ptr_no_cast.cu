// RUN: cuda2hlo %s --grid 1 --block 32 --size y=32 --size p=32 -o %out/k.mlir
// ERROR: void_ptr_no_cast\.cu:7:47: error: the 'void \*' buffer 'p' is never cast to a typed pointer in the kernel's body: its element type is unknown
// ERROR: note: in kernel 'no_cast'
// A `void *` parameter the kernel never casts has no element type the converted
// program could give its tensor (the host's bytes would have no shape), so it is refused
// rather than guessed.
__global__ void no_cast(float *y, const void *p) {
  y[threadIdx.x] = 1.0f;
}
