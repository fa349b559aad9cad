// RUN: cuda2hlo %s --grid 4 --block 64 --size flag=4 --size out=256 -o %out/k.mlir
// ERROR: barrier_if_load_written\.cu:14:5: error: __syncthreads\(\) inside an if that is not uniform across the thread block
// A load at a block-uniform address guards a barrier, but the kernel writes that buffer
// (thread 0 of block 1 clears flag[0] while others read it), so the value may differ
// between the block's threads: refused. Had no store reached 'flag', the condition would
// be uniform (tests/kernels/ctrl_barrier_uniform_load.cu).
__global__ void k(int *flag, float *out) {
  __shared__ float s[64];
  int t = threadIdx.x;
  if (blockIdx.x == 1 && t == 0)
    flag[0] = 0;
  if (flag[blockIdx.x / 2] > 0) {
    s[t] = (float)t;
    __syncthreads();
    out[blockIdx.x * 64 + t] = s[63 - t];
  }
  out[blockIdx.x * 64 + t] += 1.0f;    // after the if: it is not the kernel's last statement
}
