// runs: 2
// expect-exit: 0
// expect-stdout: PASS
// expect-stderr-count: 5 : signature read in
// expect-stderr-count: 1 'k_taps' .*: 64 launches, .*, 60 of them skipped: the result was already in place
// expect-stderr-count: 0 'k_count' .* skipped
// expect-stderr-count: 1 'k_fill' .*: 4 launches, .*, 1 of them skipped
// expect-stderr-count: 1 'k_use' .*: 8 launches, .*, 5 of them skipped
// expect-stderr-count: 1 'k_scaled' .*: 4 launches, .*, 2 of them skipped
// expect-stderr: cuda2hlo-stats: 119 launches,
// expect-stderr: cuda2hlo-stats: 84 launches skipped: the result was already in place
// Run with CUDA2HLO_CUDART_STATS=1 (cudart/CMakeLists.txt), twice: the second run reads
// the signatures, with the symbols each kernel reads and writes, from the disk cache. A
// kernel that touches __constant__ / __device__ symbols is skipped when it repeats its
// last launch and no memory it touches, symbols included, was written since (launch.c
// repeats_last); every other launch runs. Each case is checked against the same
// computation on the host:
//   (a) k_taps reads a __constant__ table: 50 launches, 49 skipped; new taps by
//       cudaMemcpyToSymbol (whole, or one element at an offset) make the next launch
//       run, even when the bytes are the same (4 times: 5 of 80 launches run);
//   (b) k_count increments a __device__ counter: 20 launches, never skipped;
//   (c) k_fill writes a __device__ array, k_use reads it: k_use reruns after every
//       k_fill that ran (its input changed) and is skipped otherwise;
//   (d) k_scaled reads a __constant__ scale written through a cudaGetSymbolAddress
//       pointer by cudaMemcpy and cudaMemset: those launches run;
//   (e) the host assigns a symbol's shadow directly (nvcc refuses that; clang compiles
//       it, and in this runtime the shadow is the device memory, so the kernel sees it):
//       the next launch runs.
#include <cstdio>
#include <cuda_runtime.h>

#define N 512
#define T 5

__constant__ float c_taps[T];
__constant__ float c_scale;
__device__ int d_count;
__device__ float d_arr[N];

__global__ void k_taps(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = c_taps[i % 4] * in[i] + c_taps[4];
}
__global__ void k_count(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) d_count = d_count + 1;
  if (i < n) out[i] = 1.0f;
}
__global__ void k_fill(const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d_arr[i] = in[i] + 0.5f;
}
__global__ void k_use(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 3.0f * d_arr[i];
}
__global__ void k_scaled(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = c_scale * in[i];
}

static int bad;

static void fetch_expect(const char *what, const float *d, const float *want) {
  static float h[N];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++)
    if (h[i] != want[i]) {
      printf("%s: [%d] %g, expected %g\n", what, i, h[i], want[i]);
      bad++;
      return;
    }
}

static void taps_want(const float *h, const float *taps, float *w) {
  for (int i = 0; i < N; i++)
    w[i] = taps[i % 4] * h[i] + taps[4];
}

int main() {
  static float h[N], w[N];
  const int g = (N + 127) / 128, b = 128;
  float *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  for (int i = 0; i < N; i++)
    h[i] = (float)(i % 11) - 3.0f;
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);

  // (a) a __constant__ table: 50 launches (49 skipped), then new taps 3 times (the
  // last the same bytes as the taps before), each followed by 5 launches (r s s s s)
  float taps[3][T] = {{0.5f, 1.0f, -1.0f, 2.0f, 0.25f},
                      {1.5f, -2.0f, 0.0f, 1.0f, -1.0f},
                      {0.5f, 1.0f, -1.0f, 2.0f, 0.25f}};
  cudaMemcpyToSymbol(c_taps, taps[0], sizeof taps[0]);
  for (int t = 0; t < 50; t++)
    k_taps<<<g, b>>>(in, out, N);
  taps_want(h, taps[0], w);
  fetch_expect("(a) k_taps", out, w);
  for (int s = 0; s < 3; s++) {
    cudaMemcpyToSymbol(c_taps, taps[s + 1 < 3 ? s + 1 : 0], sizeof taps[0]);
    for (int t = 0; t < 5; t++)
      k_taps<<<g, b>>>(in, out, N);
    taps_want(h, taps[s + 1 < 3 ? s + 1 : 0], w);
    fetch_expect("(a) k_taps after cudaMemcpyToSymbol", out, w);
  }
  // the same taps again, only one element written (at an offset): runs once more
  float one = 4.0f;
  cudaMemcpyToSymbol(c_taps, &one, sizeof one, 2 * sizeof(float));
  for (int t = 0; t < 15; t++)
    k_taps<<<g, b>>>(in, out, N);
  float t2[T];
  for (int j = 0; j < T; j++)
    t2[j] = taps[0][j];
  t2[2] = 4.0f;
  taps_want(h, t2, w);
  fetch_expect("(a) k_taps after a partial cudaMemcpyToSymbol", out, w);

  // (b) a __device__ counter, read and written by the kernel: never skipped
  int zero = 0, count = -1;
  cudaMemcpyToSymbol(d_count, &zero, sizeof zero);
  for (int t = 0; t < 20; t++)
    k_count<<<g, b>>>(out, N);
  cudaMemcpyFromSymbol(&count, d_count, sizeof count);
  if (count != 20)
    printf("(b) k_count: %d, expected 20\n", count), bad++;

  // (c) k_fill writes d_arr, k_use reads it
  static float h2[N];
  k_fill<<<g, b>>>(in, N);                 // r
  for (int t = 0; t < 3; t++)
    k_use<<<g, b>>>(out, N);               // r s s
  for (int i = 0; i < N; i++)
    w[i] = 3.0f * (h[i] + 0.5f);
  fetch_expect("(c) k_use", out, w);
  k_fill<<<g, b>>>(in, N);                 // s: its input and d_arr as it left them
  k_use<<<g, b>>>(out, N);                 // s
  for (int i = 0; i < N; i++)
    h2[i] = (float)i * 0.25f;
  cudaMemcpy(in, h2, sizeof h2, cudaMemcpyHostToDevice);
  k_fill<<<g, b>>>(in, N);                 // r: its input was copied into
  for (int t = 0; t < 3; t++)
    k_use<<<g, b>>>(out, N);               // r s s: d_arr is the new k_fill's result
  for (int i = 0; i < N; i++)
    w[i] = 3.0f * (h2[i] + 0.5f);
  fetch_expect("(c) k_use after a new k_fill", out, w);
  cudaMemcpyToSymbol(d_arr, h, sizeof h);
  k_use<<<g, b>>>(out, N);                 // r: d_arr was copied into
  k_fill<<<g, b>>>(in, N);                 // r: d_arr is not as k_fill left it
  k_use<<<g, b>>>(out, N);                 // r
  fetch_expect("(c) k_use after d_arr was written", out, w);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);

  // (d) c_scale written through its address by cudaMemcpy and cudaMemset
  float *scale, two = 2.0f;
  cudaGetSymbolAddress((void **)&scale, c_scale);
  cudaMemcpy(scale, &two, sizeof two, cudaMemcpyHostToDevice);
  k_scaled<<<g, b>>>(in, out, N);          // r
  k_scaled<<<g, b>>>(in, out, N);          // s
  for (int i = 0; i < N; i++)
    w[i] = 2.0f * h[i];
  fetch_expect("(d) k_scaled", out, w);
  cudaMemset(scale, 0, sizeof(float));
  k_scaled<<<g, b>>>(in, out, N);          // r
  k_scaled<<<g, b>>>(in, out, N);          // s
  for (int i = 0; i < N; i++)
    w[i] = 0.0f * h[i];
  fetch_expect("(d) k_scaled after cudaMemset", out, w);

  // (e) the host assigns the shadow of c_scale directly: no API call sees it
  c_scale = 5.0f;
  k_scaled<<<g, b>>>(in, out, N);          // r
  k_scaled<<<g, b>>>(in, out, N);          // s
  for (int i = 0; i < N; i++)
    w[i] = 5.0f * h[i];
  fetch_expect("(e) k_scaled after a host assignment", out, w);

  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
