/* cuda2hlo-test
launch: shift_shared<<<4, 128>>>(x, y, n)
buffer: x i32 512 randint 0 100
buffer: y i32 512 zeros
scalar: n = 512
expect: race
note: after the barrier, thread t reads s[t + 1] and writes s[t] in the same phase: thread
note: t + 1 may already have replaced s[t + 1]
*/
// RACE: a write-after-read hazard in shared memory between two threads of one phase.
__global__ void shift_shared(const int *x, int *y, int n) {
  __shared__ int s[129];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = x[i];
  if (t == 0) s[128] = 0;
  __syncthreads();
  s[t] = s[t + 1] * 2;
  __syncthreads();
  y[i] = s[t];
}
