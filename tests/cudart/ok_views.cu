// expect-exit: 0
// expect-stdout: PASS
// expect-stderr: cuda2hlo-stats: 48 launches, 2 copies into modules (0.07 MB), 33 copies back (1.08 MB), 32 donated, 16 updates in place, 0.00 MB copied for updates
// Run with CUDA2HLO_CUDART_STATS=1 (cudart/CMakeLists.txt). An input the kernel only reads
// is bound to the program's memory itself (launch.c view, c2h_buffer_borrow): device
// memory is host memory and a run never writes a bound input, so nothing is copied into
// a module. Each of the 16 steps writes `in` anew with cudaMemcpy, as a host that streams
// its data to the device does (HeCBench simpleMultiDevice), and the managed array `m`
// directly, then launches three kernels reading `in`: whole, from an interior pointer
// (another tensor of the same memory), and with `m` and a __constant__ table.
// Copied into modules now: `out` and `out2` once each (memory the kernels write is
// copied once and then donated, as before: 32 donated). The library before copied `in`
// once per step for every module (16), `in + 1` into its module's buffer (16), and
// `m`, the table and the managed result `sum` at every launch: 82 copies, 2.16 MB.
// Back: `out` per step, `sum` per launch (managed: the host reads it directly), `out2`
// once. Expected values: the same arithmetic on the host.
#include <cstdio>
#include <cuda_runtime.h>
__constant__ float table[4];
__global__ void scale(const float *in, float *out, int n, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f * in[i];
}
__global__ void shifted(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) out[i] = in[i] - 1.0f;
}
__global__ void mix(const float *in, const float *m, float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) sum[i] = in[i] + m[i] * table[i % 4];
}
int main() {
  const int n = 8192, steps = 16;
  float *in, *out, *out2, *m, *sum;
  static float h[n], r[n];
  const float t[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMalloc(&out2, n * sizeof(float));
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMallocManaged(&sum, n * sizeof(float));
  cudaMemcpyToSymbol(table, t, sizeof t);
  int bad = 0;
  for (int s = 0; s < steps; s++) {
    for (int i = 0; i < n; i++) {
      h[i] = (float)(i % 97) + (float)s;
      m[i] = (float)(s - i % 5);
    }
    cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<n / 256, 256>>>(in, out, n, 0.5f + s);
    shifted<<<n / 256, 256>>>(in + 1, out2, n - 1);
    mix<<<n / 256, 256>>>(in, m, sum, n);
    cudaDeviceSynchronize();
    cudaMemcpy(r, out, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
      float want = (0.5f + s) * h[i], wsum = h[i] + m[i] * t[i % 4];
      if (r[i] != want || sum[i] != wsum) {
        if (bad++ < 5)
          printf("step %d: out[%d] = %g (want %g), sum[%d] = %g (want %g)\n", s, i, r[i], want, i, sum[i], wsum);
      }
    }
  }
  cudaMemcpy(r, out2, (n - 2) * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n - 2; i++)
    if (r[i] != h[i + 1] - 1.0f && bad++ < 5)
      printf("shifted[%d] = %g (want %g)\n", i, r[i], h[i + 1] - 1.0f);
  puts(bad ? "FAIL" : "PASS");
  return bad != 0;
}
