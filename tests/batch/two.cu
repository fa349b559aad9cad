// Two kernels: gather is launched (a data-dependent store: SIMT), lonely never is.
__global__ void gather(const int *idx, const float *src, float *dst) {
  int i = threadIdx.x;
  dst[idx[i]] = src[i];
}
__global__ void lonely(float *x) { x[threadIdx.x] = 0.0f; }
int main() {
  int *idx; float *src, *dst;
  cudaMalloc(&idx, 32 * sizeof(int));
  cudaMalloc(&src, 32 * sizeof(float));
  cudaMalloc(&dst, 32 * sizeof(float));
  gather<<<1, 32>>>(idx, src, dst);
  return 0;
}
