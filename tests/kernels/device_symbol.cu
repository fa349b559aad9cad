/* cuda2hlo-test
launch: bin_values<<<4, 64>>>(x, n)
launch: normalise<<<1, 16>>>(y)
buffer: x f32 256 uniform 0 1
buffer: y f32 16 zeros
constant: hist i32 16 zeros
constant: total i32 1 zeros
constant: scale f32 16 uniform 0.5 1.5
scalar: n = 256
check: y
check: hist
check: total
note: __device__ arrays and scalars written by one launch and read by the next; the host zeroes the counters and fills scale with cudaMemcpyToSymbol
*/
// __device__ variables as published code keeps them: counters that one kernel fills
// with atomics and the next one reads, and a table the host fills. Each is memory of the
// host program: an argument of the module named after the symbol, and a result of that
// name when the kernel writes it.
__device__ int hist[16];
__device__ int total;
__device__ float scale[16];

__global__ void bin_values(const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int b = (int)(x[i] * 16.0f);
  if (b > 15) b = 15;
  atomicAdd(&hist[b], 1);
  if (x[i] > 0.5f) atomicAdd(&total, 1);
}

__global__ void normalise(float *y) {
  int b = threadIdx.x;
  y[b] = scale[b] * (float)hist[b] / (float)(total + 1);
  hist[b] = hist[b] * 2;
}
