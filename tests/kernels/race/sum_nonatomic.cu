/* cuda2hlo-test
launch: plain_sum<<<8, 256>>>(x, sum, n)
buffer: x f32 2000 uniform 0 1
buffer: sum f32 1 zeros
scalar: n = 2000
expect: race
note: *sum += x[i] from every thread: the atomicAdd of reduce_atomic_f32 is missing
*/
// RACE: a global accumulator updated without an atomic.
__global__ void plain_sum(const float *x, float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) *sum += x[i];
}
