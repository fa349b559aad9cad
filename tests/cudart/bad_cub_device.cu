// expect-exit: 1
// expect-stderr: cuda2hlo-cc: cub::DeviceReduce::ReduceByKey: not implemented
// expect-stderr: cuda2hlo-cc: cub::DeviceScan::ExclusiveScan: its operator is a __device__ function, which host code cannot call
// expect-no-stderr: no kernel named
// cc-flags: -std=c++17
// cub's device-wide algorithms run on the host under cuda2hlo-cc (docs/cudart.md, "thrust
// and cub"). One of a family it implements that it does not (DeviceReduce::ReduceByKey),
// and a scan whose operator is a __device__ function host code cannot call, each stop the
// program with a message naming the algorithm, never a wrong or missing result. The first
// runs in a child so that both are checked. The operator stays __device__ only because
// the file's lane() reads threadIdx and is not inline: compiled for the host with the
// file's own functions __host__ __device__ (cudart/hostdev.c) it is clang's located
// error (a note while it builds), and the file is compiled as written.
#include <cstdio>
#include <cub/cub.cuh>
#include <cuda_runtime.h>
#include <sys/wait.h>
#include <unistd.h>
__device__ int lane() { return threadIdx.x & 31; }
struct DeviceSum {
  __device__ int operator()(int a, int b) const { return a + b; }
};
int main() {
  int *keys, *vals, *out, *nruns;
  cudaMalloc(&keys, 64 * sizeof(int));
  cudaMalloc(&vals, 64 * sizeof(int));
  cudaMalloc(&out, 128 * sizeof(int));
  cudaMalloc(&nruns, sizeof(int));
  cudaMemset(keys, 0, 64 * sizeof(int));
  cudaMemset(vals, 0, 64 * sizeof(int));
  size_t bytes = 0;
  fflush(stdout);
  if (fork() == 0) {
    cub::DeviceReduce::ReduceByKey(nullptr, bytes, keys, out, vals, out + 64, nruns, DeviceSum(), 64);
    return 0;
  }
  int st;
  wait(&st);
  cub::DeviceScan::ExclusiveScan(nullptr, bytes, vals, out, DeviceSum(), 0, 64);
  void *tmp;
  cudaMalloc(&tmp, bytes);
  cub::DeviceScan::ExclusiveScan(tmp, bytes, vals, out, DeviceSum(), 0, 64);
  printf("not reached\n");
  return 0;
}
