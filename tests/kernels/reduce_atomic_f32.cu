/* cuda2hlo-test
launch: atomic_sum<<<8, 256>>>(x, sum, n)
buffer: x f32 2000 uniform 0 1
buffer: sum f32 1 zeros
scalar: n = 2000
check: sum rtol=1e-4 atol=1e-4
note: float atomics add in an unspecified order: positive inputs, loose tolerance
*/
// Every thread adds its element to one global accumulator with atomicAdd.
__global__ void atomic_sum(const float *x, float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(sum, x[i]);
}
