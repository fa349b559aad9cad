/* cuda2hlo-test
launch: minmax<<<4, 256>>>(v, mn, mx, n)
buffer: v i32 1000 randint -1000000 1000000
buffer: mn i32 1 const 2147483647
buffer: mx i32 1 const -2147483648
scalar: n = 1000
check: mn
check: mx
*/
// atomicMin and atomicMax on one int each.
__global__ void minmax(const int *v, int *mn, int *mx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicMin(mn, v[i]);
    atomicMax(mx, v[i]);
  }
}
