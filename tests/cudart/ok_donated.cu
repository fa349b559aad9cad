// expect-exit: 0
// expect-stdout: PASS
// expect-stderr: cuda2hlo-stats: 64 launches, 1 copy into modules (1.06 MB), 1 copy back (1.06 MB), 64 donated, 126 updates in place, 0.00 MB copied for updates
// Run with CUDA2HLO_CUDART_STATS=1 (cudart/CMakeLists.txt). A buffer the runtime keeps
// for an allocation that the next launch both reads and writes is donated to that launch
// (launch.c copy_in, c2h_session_donate), so the cpu backend updates it in place instead
// of returning a new copy of the whole table per launch. Each launch fills row t of a
// 65 x 4096 table from row t - 1 (a wavefront, as nw's diagonals): the first launch gets
// the copy from the host, kept for the allocation (mem.c), the other 63 the previous
// launch's result, all 64 donated; each launch's update reads the table (row t - 1), so
// the cpu backend computes the row first and then writes it into the table (plan.c
// materialize_self_reads), no bytes copied for them (counted by c2h_session_get_stats;
// without that rule the first launch's module, t specialised, copied the 1.06 MB table).
// 126 updates in place: launch 1's module (t specialised) is one dynamic_update_slice;
// the other 63 run one module (t an input) of two updates, the SIMT store form
// slice(scatter(concatenate(m, pad))): the scatter, and the concatenate's tail written
// into m's storage when that buffer has room for the pad element, which a result taken
// from the cpu backend's pool has (BackendOps.disown; copied to its exact size before):
// launch 2's buffer is launch 1's exact-size one, so 1 + 1 + 62 x 2. The
// result must still be right: expected values from the same recurrence on the host.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void row(int *m, int t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    m[t * n + i] = m[(t - 1) * n + i] + (i > 0 ? m[(t - 1) * n + i - 1] : 0) % 1000 + t;
}
int main() {
  const int rows = 65, n = 4096;
  static int h[rows * n], want[rows * n];
  for (int i = 0; i < rows * n; i++)
    h[i] = want[i] = i < n ? i % 13 : 0;
  int *m;
  cudaMalloc(&m, sizeof h);
  cudaMemcpy(m, h, sizeof h, cudaMemcpyHostToDevice);
  for (int t = 1; t < rows; t++) {
    row<<<n / 256, 256>>>(m, t, n);
    for (int i = 0; i < n; i++)
      want[t * n + i] = want[(t - 1) * n + i] + (i > 0 ? want[(t - 1) * n + i - 1] : 0) % 1000 + t;
  }
  cudaMemcpy(h, m, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < rows * n; i++)
    bad += h[i] != want[i];
  printf("%s\n", bad ? "FAIL" : "PASS");
  cudaFree(m);
  return bad != 0;
}
