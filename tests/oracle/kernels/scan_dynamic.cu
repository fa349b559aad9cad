/* cuda2hlo-test
launch: block_scan<<<4, 64, 256>>>(x, y, n)
buffer: x i32 250 randint -9 10
buffer: y i32 250 zeros
scalar: n = 250
check: y
note: Hillis-Steele inclusive scan per block in dynamic (extern) shared memory
*/
__global__ void block_scan(const int *x, int *y, int n) {
  extern __shared__ int buf[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? x[i] : 0;
  __syncthreads();
  for (int d = 1; d < blockDim.x; d *= 2) {
    int v = t >= d ? buf[t - d] : 0;
    __syncthreads();
    buf[t] += v;
    __syncthreads();
  }
  if (i < n) y[i] = buf[t];
}
