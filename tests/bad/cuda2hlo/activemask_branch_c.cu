// RUN: cuda2hlo %s --grid 1 --block 64 --size out=64 --emit c -o %out/k.c
// ERROR: activemask_branch_c\.cu:11:9: error: --emit c: __activemask\(\) inside a branch or a loop, or after an early exit, cannot be translated
// __activemask() is the lanes whose path reaches it (tests/kernels/warp_activemask_branch.cu
// converts to StableHLO). The C loop nest runs each phase over every thread and does not
// keep which lanes took a branch: it gave all 32 lanes here (a wrong result with exit 0),
// so --emit c refuses it at the call. At the top level, before any exit, it still prints.
__global__ void activemask_branch_c(unsigned *out) {
  unsigned m = __activemask();
  out[threadIdx.x] = m;
  if (threadIdx.x % 2)
    m = __activemask();
  out[threadIdx.x] = m;
}
