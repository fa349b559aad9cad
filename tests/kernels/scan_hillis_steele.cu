/* cuda2hlo-test
launch: scan_hs<<<4, 256>>>(x, out, n)
buffer: x f32 1000 uniform 0 1
buffer: out f32 1000 zeros
scalar: n = 1000
check: out rtol=1e-5 atol=1e-5
note: an inclusive scan of each 256-element block (not of the whole array)
*/
// Hillis-Steele inclusive block scan, double-buffered in shared memory: each level reads
// one buffer and writes the other, with one barrier per level.
__global__ void scan_hs(const float *x, float *out, int n) {
  __shared__ float buf[2][256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int pout = 0, pin = 1;
  buf[pout][t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (int off = 1; off < blockDim.x; off *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (t >= off) buf[pout][t] = buf[pin][t] + buf[pin][t - off];
    else buf[pout][t] = buf[pin][t];
    __syncthreads();
  }
  if (i < n) out[i] = buf[pout][t];
}
