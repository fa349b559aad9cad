/* cuda2hlo-test
launch: ns::bump<<<2, 64>>>(v, n)
buffer: v i32 100 iota
scalar: n = 100
check: v
note: the driver runs one launch; `--main` runs the host program below, which checks
note: every launch form the oracle's rewriter must handle and prints "ok"
*/
#include <cstdio>
#include <cuda_runtime.h>

extern __shared__ __align__(16) unsigned char smem[];   // file-scope dynamic shared memory
__device__ int launches = 0;

namespace ns {
__global__ void bump(int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] += 1000;
}
}  // namespace ns

template <class T> __global__ void fill(T *p, T value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = value;
}

template <int K> __global__ void reverse_scale(const float *in, float *out, int n) {
  float *s = (float *)smem;
  static __shared__ int seen;
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t == 0) seen = 0;
  __syncthreads();
  s[t] = i < n ? in[i] : 0.0f;
  atomicAdd(&seen, 1);
  __syncthreads();
  int j = blockIdx.x * blockDim.x + (blockDim.x - 1 - t);
  if (j < n) out[j] = K * s[t] + (float)(seen - (int)blockDim.x);
  if (i == 0) launches++;
}

int main() {
  const int n = 200;
  int *di;
  float *df, *dg, h[n];
  cudaMalloc(&di, n * sizeof(int));
  cudaMalloc(&df, n * sizeof(float));
  cudaMalloc(&dg, n * sizeof(float));
  cudaMemset(di, 0, n * sizeof(int));
  fill<<<(n + 63) / 64, 64>>>(di, 7, n);            // template argument deduced: T = int
  fill<float><<<dim3(4), dim3(64)>>>(df, 0.5f, n);
  ns::bump<<<4, 64>>>(di, n);
  cudaStream_t st;
  cudaStreamCreate(&st);
  for (int i = 0; i < n; i++) h[i] = (float)i;
  cudaMemcpy(df, h, sizeof h, cudaMemcpyHostToDevice);
  reverse_scale<3><<<dim3((n + 127) / 128), 128,
                     128 * sizeof(float), st>>>(df,   /* a comment with <<< inside */
                                                dg, n);
  const char *msg = "a string with <<<1, 1>>>( inside";
  int hi[n], count = 0;
  cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
  cudaMemcpy(h, dg, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpyFromSymbol(&count, launches, sizeof(int));
  int bad = 0;
  for (int i = 0; i < n; i++) {
    bad += hi[i] != 1007;
    int b = i / 128, t = 127 - i % 128, src = b * 128 + t;   // out[j] = 3 * in[mirror of j]
    bad += src < n ? h[i] != 3.0f * (float)src : 0;
  }
  fill<<<1, 2048>>>(di, 1, n);                       // too many threads: a launch error
  bad += cudaGetLastError() != cudaErrorInvalidConfiguration;
  bad += cudaGetLastError() != cudaSuccess;
  bad += count != 1;
  printf("%s %d (%s)\n", bad ? "bad" : "ok", bad, msg);
  return bad != 0;
}
