/* cuda2hlo-test
launch: votes<<<4, 80>>>(x, out, n)
buffer: x i32 280 randint -3 20
buffer: out i32 1120 zeros
scalar: n = 280
check: out
note: __ballot_sync/__popc, __any_sync, __all_sync, __syncthreads_count/_and/_or; a partial last warp
*/
__global__ void votes(const int *x, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? x[i] : 1;
  unsigned b = __ballot_sync(0xffffffffu, v < 0);
  int any0 = __any_sync(0xffffffffu, v == 0);
  int allp = __all_sync(0xffffffffu, v > 0);
  int cnt = __syncthreads_count(v % 2 == 0);
  int band = __syncthreads_and(v < 19);
  int bor = __syncthreads_or(v == 19);
  if (i < n) {
    out[4 * i + 0] = __popc(b);
    out[4 * i + 1] = any0 + 2 * allp;
    out[4 * i + 2] = cnt;
    out[4 * i + 3] = band + 2 * bor;
  }
}
