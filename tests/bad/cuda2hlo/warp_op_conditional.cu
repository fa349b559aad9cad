// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: warp_op_conditional\.cu:8:20: error: warp operation under a conditional operator is not supported
// A shuffle in an arm of `?:` is refused at the shuffle (the lanes taking the other arm
// would not run it); the conversion stopped after the message with an internal error
// (loopify.c: "unexpected structural statement") before.
__global__ void warp_op_conditional(unsigned *out, int n) {
  int i = threadIdx.x;
  out[i] = i < n ? __shfl_down_sync(0xffffffffu, i, 1) : 0;
}
