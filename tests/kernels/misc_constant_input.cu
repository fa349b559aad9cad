/* cuda2hlo-test
launch: scale<<<2, 64>>>(out, in)
launch: poly_eval<<<2, 64>>>(out, in, n)
constant: coef f32 4 uniform -2 2
constant: poly f32 2*5 uniform -1 1
constant: shift i32 1 randint -3 4
buffer: out f32 128 zeros
buffer: in f32 128 uniform -1 1
scalar: n = 120
check: out
note: __constant__ memory without an initialiser, filled by the host with
note: cudaMemcpyToSymbol: module inputs named after the symbols (coef, poly, shift)
*/
// __constant__ tables the host program uploads; the kernels must read those values.
__constant__ float coef[4];
__constant__ float poly[2][5];     // two polynomials of degree 4
__constant__ int shift;

__global__ void scale(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = coef[i % 4] * in[i];
}

__global__ void poly_eval(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int which = (i + shift + 8) % 2;
  float x = in[i], p = 0.0f;
  for (int k = 4; k >= 0; k--) p = p * x + poly[which][k];
  out[i] += p;
}

int main() {
  const float hc[4] = {0.5f, -1.0f, 2.0f, 0.25f};
  float hp[2][5] = {{1, 0, -1, 0, 0.5f}, {0, 2, 0, -0.5f, 0}};
  int hs = 1;
  float *d_out, *d_in;
  cudaMalloc(&d_out, 128 * sizeof(float));
  cudaMalloc(&d_in, 128 * sizeof(float));
  cudaMemset(d_in, 0, 128 * sizeof(float));
  cudaMemcpyToSymbol(coef, hc, sizeof(hc));
  cudaMemcpyToSymbol(poly, hp, sizeof(hp));
  cudaMemcpyToSymbol(shift, &hs, sizeof(int));
  scale<<<2, 64>>>(d_out, d_in);
  poly_eval<<<2, 64>>>(d_out, d_in, 120);
  cudaFree(d_out);
  cudaFree(d_in);
  return 0;
}
