/* The other .cu file of tests/cudart/ok_host_minmax.cu's program, built with it with
 * -rdc=true: soft_cap is called from that file's kernel (nvcc links device functions of
 * the program's files); this file's static shrink is not that file's. */
static __host__ __device__ float shrink(float x) { return 0.5f * x; }
__host__ __device__ float soft_cap(float x) { return min(shrink(x), 0.75f); }
