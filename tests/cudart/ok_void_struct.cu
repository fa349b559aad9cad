// expect-exit: 0
// expect-stdout: PASS
// expect-no-stderr: error
// A struct passed by value whose `void *__restrict__` fields a template kernel casts to
// its element type and offsets by a per-row stride (HeCBench hadamard's parameter
// struct), launched for float and for double: cuda2hlo makes each field a buffer of the
// type its casts give (src/frontend/voidptr.c) and cuda2hlo-cc binds the allocations of
// bytes to them as elements of that type. A value halved plus another: exact, so the
// results must equal the host's bit for bit.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

struct RowParams {
  int batch, dim;
  long long x_row_stride;
  long long out_row_stride;
  float scale;
  void *__restrict__ x_ptr;
  void *__restrict__ out_ptr;
};

template <typename T>
__global__ void reverse_add(RowParams p) {
  int row = blockIdx.x;
  T *x = reinterpret_cast<T *>(p.x_ptr) + row * p.x_row_stride;
  T *out = reinterpret_cast<T *>(p.out_ptr) + row * p.out_row_stride;
  for (int i = threadIdx.x; i < p.dim; i += blockDim.x)
    out[i] = x[i] * (T)p.scale + x[p.dim - 1 - i];
}

template <typename T>
static int check(int batch, int dim) {
  size_t bytes = (size_t)batch * dim * sizeof(T);
  T *hx = (T *)malloc(bytes), *hy = (T *)malloc(bytes);
  void *dx, *dy;
  for (int i = 0; i < batch * dim; i++) hx[i] = (T)((i * 37 % 101) - 50) / (T)8;
  cudaMalloc(&dx, bytes);
  cudaMalloc(&dy, bytes);
  cudaMemcpy(dx, hx, bytes, cudaMemcpyHostToDevice);
  RowParams p;
  memset(&p, 0, sizeof p);
  p.batch = batch;
  p.dim = dim;
  p.x_row_stride = dim;
  p.out_row_stride = dim;
  p.scale = 0.5f;
  p.x_ptr = dx;
  p.out_ptr = dy;
  reverse_add<T><<<batch, 32>>>(p);
  cudaMemcpy(hy, dy, bytes, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int r = 0; r < batch; r++)
    for (int i = 0; i < dim; i++) {
      T want = hx[r * dim + i] * (T)0.5f + hx[r * dim + dim - 1 - i];
      if (memcmp(&want, &hy[r * dim + i], sizeof want)) bad++;
    }
  cudaFree(dx);
  cudaFree(dy);
  free(hx);
  free(hy);
  return bad;
}

int main() {
  int bad = check<float>(4, 96) + check<double>(3, 40);
  printf("%s (%d wrong)\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
