/* cuda2hlo-test
launch: activemask_branch<<<2, 64>>>(x, out, n)
buffer: x i32 128 randint 0 9
buffer: out u32 128 zeros
scalar: n = 100
check: out
note: --emit c refuses __activemask() under a branch (its loop nest does not keep the lanes)
*/
// __activemask() in branches and after an early exit: the lanes of the warp whose path
// reaches it. Within a branch on lane parity the odd and even lanes meet in different
// places, so each sees only its half; past the early exit only the lanes below n remain
// (the warp of threads 96..127 keeps 96..99). With every lane converged at the branch's
// start, these are the lanes that run it (CUDA: __activemask() is the lanes executing it).
__global__ void activemask_branch(const int *x, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned m = 0;
  if (threadIdx.x % 2)
    m = __activemask();
  else
    m = ~__activemask();
  if (i >= n) {
    out[i] = m;
    return;
  }
  unsigned late = __activemask();
  out[i] = m ^ (late + (unsigned)(x[i] & 1));
}
