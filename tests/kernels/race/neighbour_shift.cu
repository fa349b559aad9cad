/* cuda2hlo-test
launch: shift_left<<<4, 256>>>(a, n)
buffer: a f32 1000 uniform -1 1
scalar: n = 1000
expect: race
note: thread i reads a[i + 1], which thread i + 1 writes in the same phase
*/
// RACE: an in-place shift; whether a[i + 1] is read before or after its update depends on
// the schedule.
__global__ void shift_left(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) a[i] = a[i + 1];
}
