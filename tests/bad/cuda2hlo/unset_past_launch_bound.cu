// RUN: cuda2hlo %s --grid 1,1,3 --block 8,3 --size low=256
// ERROR: unset_past_launch_bound\.cu:16:20: warning: 'z' is read here but is not set on every path that reaches this read
// ERROR: note: declared here without an initial value
// z is set where blockIdx.z < 2 or threadIdx.y >= 3: with blockDim.y = 3 the second
// never holds, and with gridDim.z = 3 the blocks at blockIdx.z == 2 read z unset (in
// tests/kernels/assigned_launch_range.cu gridDim.z = 2 and the read is accepted).
__global__ void tri_lower(float *low) {
  int z;
  if (blockIdx.z < 2)
    z = blockIdx.z * 5;
  if (threadIdx.y >= 3)
    z = 7;
  if (blockIdx.z > 2)
    z = 1;
  int at = blockIdx.z * 24 + threadIdx.y * 8 + threadIdx.x;
  low[at] = (float)z;
}
// The read is checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
