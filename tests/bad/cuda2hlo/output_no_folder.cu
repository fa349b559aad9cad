// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 -o %out/none/x.mlir
// ERROR: cuda2hlo: error: cannot write '.*none/x\.mlir': cannot create a temporary file beside it
// A missing output folder: the conversion succeeds, the write is refused, nothing is left.
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
