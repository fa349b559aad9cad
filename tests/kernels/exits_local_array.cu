/* cuda2hlo-test
launch: hist_until<<<2, 64>>>(x, out, lim)
buffer: x i32 1536 randint 0 6
buffer: out i32 512 const -3
scalar: lim = 4
check: out rtol=0 atol=0
note: each thread adds its values into 4 local bins (value k into bin k % 4) until a value
note: reaches lim (break): the bins after the loop hold the sums made before the break
*/
// A local array updated in a loop that breaks under a data guard and read after it.
__global__ void hist_until(const int *x, int *out, int lim) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int h[4] = {0, 0, 0, 0};
  for (int k = 0; k < 12; k++) {
    int v = x[t * 12 + k];
    if (v >= lim)
      break;
    h[k % 4] += v;
  }
  for (int b = 0; b < 4; b++)
    out[t * 4 + b] = h[b];
}
