// jacobi2d: Laplace's equation on an NX x NY grid by Jacobi sweeps with a pointer swap per
// sweep, the residual of the last sweep reduced in shared memory, the weights in
// __constant__ memory; checked against the same sweeps on the CPU. Usage: jacobi2d [NX NY ITERS]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x)                                                                 \
  do {                                                                           \
    cudaError_t e_ = (x);                                                        \
    if (e_ != cudaSuccess) {                                                     \
      printf("CUDA error '%s' at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

#define BX 16
#define BY 16

__constant__ float w[2];   // centre and neighbour weights

__global__ void sweep(const float *u, float *v, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= 1 && i < nx - 1 && j >= 1 && j < ny - 1)
    v[j * nx + i] = w[0] * u[j * nx + i] +
                    w[1] * (u[j * nx + i - 1] + u[j * nx + i + 1] + u[(j - 1) * nx + i] + u[(j + 1) * nx + i]);
}

__global__ void copy_edges(const float *u, float *v, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny && (i == 0 || j == 0 || i == nx - 1 || j == ny - 1))
    v[j * nx + i] = u[j * nx + i];
}

__global__ void residual(const float *u, const float *v, float *blocksum, int nx, int ny) {
  __shared__ float s[BX * BY];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  float d = 0.0f;
  if (i < nx && j < ny) d = fabsf(v[j * nx + i] - u[j * nx + i]);
  s[t] = d;
  __syncthreads();
  for (int k = BX * BY / 2; k > 0; k /= 2) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) blocksum[blockIdx.y * gridDim.x + blockIdx.x] = s[0];
}

int main(int argc, char **argv) {
  int nx = argc > 3 ? atoi(argv[1]) : 96, ny = argc > 3 ? atoi(argv[2]) : 80;
  int iters = argc > 3 ? atoi(argv[3]) : 50;
  size_t bytes = (size_t)nx * ny * sizeof(float);
  float *h = (float *)malloc(bytes), *ref = (float *)malloc(bytes), *tmp = (float *)malloc(bytes);
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      h[j * nx + i] = (j == 0) ? 1.0f : (i == 0 ? 0.5f : 0.0f);
  float wh[2] = {0.2f, 0.2f};
  CHECK(cudaMemcpyToSymbol(w, wh, sizeof wh));
  float *du, *dv, *dsum;
  dim3 block(BX, BY), grid((nx + BX - 1) / BX, (ny + BY - 1) / BY);
  int nblocks = grid.x * grid.y;
  CHECK(cudaMalloc(&du, bytes));
  CHECK(cudaMalloc(&dv, bytes));
  CHECK(cudaMalloc(&dsum, nblocks * sizeof(float)));
  CHECK(cudaMemcpy(du, h, bytes, cudaMemcpyHostToDevice));
  copy_edges<<<grid, block>>>(du, dv, nx, ny);
  for (int it = 0; it < iters; it++) {
    sweep<<<grid, block>>>(du, dv, nx, ny);
    float *t = du; du = dv; dv = t;
  }
  residual<<<grid, block>>>(du, dv, dsum, nx, ny);
  CHECK(cudaGetLastError());
  float *hsum = (float *)malloc(nblocks * sizeof(float));
  CHECK(cudaMemcpy(h, du, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hsum, dsum, nblocks * sizeof(float), cudaMemcpyDeviceToHost));

  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      ref[j * nx + i] = (j == 0) ? 1.0f : (i == 0 ? 0.5f : 0.0f);
  memcpy(tmp, ref, bytes);
  float res = 0.0f;
  for (int it = 0; it < iters; it++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        tmp[j * nx + i] = wh[0] * ref[j * nx + i] + wh[1] * (ref[j * nx + i - 1] + ref[j * nx + i + 1] +
                                                         ref[(j - 1) * nx + i] + ref[(j + 1) * nx + i]);
    float *t = ref; ref = tmp; tmp = t;
  }
  for (int k = 0; k < nx * ny; k++) res += fabsf(ref[k] - tmp[k]);
  int bad = 0;
  for (int k = 0; k < nx * ny; k++)
    if (fabsf(h[k] - ref[k]) > 1e-5f) bad++;
  float gres = 0.0f;
  for (int b = 0; b < nblocks; b++) gres += hsum[b];
  if (fabsf(gres - res) > 1e-3f * (1.0f + res)) bad++;
  printf("residual %.6f (ref %.6f), %d mismatches\n", gres, res, bad);
  printf("%s\n", bad ? "FAIL" : "PASS");
  free(h); free(ref); free(tmp); free(hsum);
  return bad ? 1 : 0;
}
