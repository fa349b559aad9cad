// reduce: the sum and the dot product of two vectors with shared-memory tree reductions
// (one partial sum per block, then a one-block pass over the partials), checked against
// a CPU reference in double. Usage: reduce [N]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                          \
  do {                                                                            \
    cudaError_t err_ = (call);                                                    \
    if (err_ != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                    \
    }                                                                             \
  } while (0)

#define THREADS 256

__global__ void block_dot(const float *a, const float *b, float *partial, int n) {
  __shared__ float s[THREADS];
  int tid = threadIdx.x;
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
    acc += a[i] * b[i];
  s[tid] = acc;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = s[0];
}

__global__ void final_sum(const float *partial, float *out, int m) {
  __shared__ float s[THREADS];
  int tid = threadIdx.x;
  float acc = 0.0f;
  for (int i = tid; i < m; i += blockDim.x) acc += partial[i];
  s[tid] = acc;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[0] = s[0];
}

__global__ void fill_ones(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 1.0f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  int blocks = 64;
  float *ha = (float *)malloc(n * sizeof(float)), *hb = (float *)malloc(n * sizeof(float));
  srand(7);
  for (int i = 0; i < n; i++) {
    ha[i] = (float)(rand() % 100) / 50.0f - 1.0f;
    hb[i] = (float)(rand() % 100) / 50.0f - 1.0f;
  }
  float *da, *db, *dpart, *dout;
  CUDA_CHECK(cudaMalloc(&da, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&db, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dpart, blocks * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dout, sizeof(float)));
  CUDA_CHECK(cudaMemcpy(da, ha, n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, hb, n * sizeof(float), cudaMemcpyHostToDevice));

  float dot = 0.0f, sum = 0.0f;
  block_dot<<<blocks, THREADS>>>(da, db, dpart, n);
  final_sum<<<1, THREADS>>>(dpart, dout, blocks);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(&dot, dout, sizeof(float), cudaMemcpyDeviceToHost));
  fill_ones<<<(n + THREADS - 1) / THREADS, THREADS>>>(db, n);   // sum = a . 1
  block_dot<<<blocks, THREADS>>>(da, db, dpart, n);
  final_sum<<<1, THREADS>>>(dpart, dout, blocks);
  CUDA_CHECK(cudaMemcpy(&sum, dout, sizeof(float), cudaMemcpyDeviceToHost));

  double rdot = 0.0, rsum = 0.0, mag = 0.0;
  for (int i = 0; i < n; i++) {
    rdot += (double)ha[i] * hb[i];
    rsum += ha[i];
    mag += fabs(ha[i]);
  }
  double tol = 1e-5 * mag + 1e-3;
  int ok = fabs(dot - rdot) <= tol && fabs(sum - rsum) <= tol;
  printf("dot %.6f (ref %.6f) sum %.6f (ref %.6f)\n", dot, rdot, sum, rsum);
  printf("%s\n", ok ? "PASS" : "FAIL");
  cudaFree(da); cudaFree(db); cudaFree(dpart); cudaFree(dout);
  free(ha); free(hb);
  return ok ? 0 : 1;
}
