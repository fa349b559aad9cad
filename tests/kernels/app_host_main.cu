/* cuda2hlo-test
launch: shift_scale<<<dim3(8, 2), dim3(64, 4)>>>(in, out, nx, ny, factor)
buffer: in f32 480*7 uniform -2 2
buffer: out f32 480*7 zeros
scalar: nx = 480
scalar: ny = 7
scalar: factor = 1.5
check: out rtol=1e-6 atol=1e-6
note: a whole program as people write it: libc and libstdc++ from the system's headers,
note: deprecated runtime calls, device properties, a helper-style check macro defined
note: only when driver_types.h's guard is set (as the CUDA samples' helper_cuda.h does).
*/
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <math.h>
#include <sys/time.h>
#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <iostream>
#include <vector>
#include <cuda.h>
#include <cuda_runtime.h>

#ifdef __DRIVER_TYPES_H__
// The samples' helper headers define their check macros only under this guard; the
// kernel uses ROW_SHIFT, so the conversion fails if the guard is missing.
#define checkErrors(val) check_result((val), #val, __FILE__, __LINE__)
#define ROW_SHIFT 1
static void check_result(cudaError_t r, const char *what, const char *file, int line) {
  if (r != cudaSuccess) {
    fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", file, line, what, cudaGetErrorString(r), cudaGetErrorName(r));
    exit(EXIT_FAILURE);
  }
}
#endif

// out[y][x] = factor * in[y][(x + ROW_SHIFT) % nx] + ceilf(in[y][x])
__global__ void shift_scale(const float *in, float *out, int nx, int ny, float factor) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < nx && y < ny)
    out[y * nx + x] = factor * in[y * nx + (x + ROW_SHIFT) % nx] + ceilf(in[y * nx + x]);
}

static double seconds(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec + 1e-6 * tv.tv_usec;
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 480, ny = argc > 2 ? atoi(argv[2]) : 7;
  size_t n = (size_t)nx * ny, bytes = n * sizeof(float);
  cudaDeviceProp prop;
  checkErrors(cudaGetDeviceProperties(&prop, 0));
#if CUDART_VERSION < 13000  // CUDA 13 removed clockRate and cudaThreadSynchronize
  printf("clock %d kHz\n", prop.clockRate);
#endif
  printf("device %s: %d SMs, %zu bytes shared per block, cc %d.%d\n", prop.name,
         prop.multiProcessorCount, prop.sharedMemPerBlock, prop.major, prop.minor);
  srand(12345);
  float *h_in = (float *)malloc(bytes), *h_out = (float *)calloc(n, sizeof(float));
  if (!h_in || !h_out) return EXIT_FAILURE;
  for (size_t i = 0; i < n; i++) h_in[i] = 4.0f * rand() / (float)RAND_MAX - 2.0f;
  std::vector<float> sorted(h_in, h_in + n);
  std::sort(sorted.begin(), sorted.end());
  float *d_in, *d_out;
  checkErrors(cudaMalloc((void **)&d_in, bytes));
  checkErrors(cudaMalloc((void **)&d_out, bytes));
  checkErrors(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice));
  double t0 = seconds();
  auto c0 = std::chrono::steady_clock::now();
  dim3 block(64, 4), grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
  shift_scale<<<grid, block>>>(d_in, d_out, nx, ny, 1.5f);
  checkErrors(cudaGetLastError());
#if CUDART_VERSION < 13000
  checkErrors(cudaThreadSynchronize());
#else
  checkErrors(cudaDeviceSynchronize());
#endif
  auto c1 = std::chrono::steady_clock::now();
  double t1 = seconds();
  checkErrors(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++) {
      float want = 1.5f * h_in[y * nx + (x + 1) % nx] + ceil(h_in[y * nx + x]);
      bad += fabs(h_out[y * nx + x] - want) > 1e-5f;
    }
  std::cout << "min " << sorted.front() << " max " << sorted.back() << " time "
            << std::chrono::duration<double>(c1 - c0).count() << " s (" << t1 - t0 << " s)" << std::endl;
  printf("%s\n", bad ? "FAIL" : "PASS");
  cudaFree(d_in);
  cudaFree(d_out);
  free(h_in);
  free(h_out);
  cudaDeviceReset();
  return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
