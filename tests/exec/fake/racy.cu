/* cuda2hlo-test
launch: racy<<<1, 64>>>(x)
buffer: x i32 64 zeros
expect: race
note: every thread writes x[0]; the fake converter refuses it unless FAKE_BUG=1
*/
__global__ void racy(int *x) { x[0] = threadIdx.x; }
