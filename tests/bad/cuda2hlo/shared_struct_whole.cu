// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 --size out=32 -o %out/k.mlir
// ERROR: shared_struct_whole\.cu:20:7: error: __shared__ struct 'job' has no layout as one buffer \(field 'src' \(const float \*\) is a pointer\): it is held one shared buffer per field, and only its fields can be used, not the struct as a whole \(a copy, a reference, an argument by value\)
// A __shared__ struct with a pointer field has no layout as one buffer: it is held one
// shared buffer per field (tests/kernels/shared_struct_fields.cu), so its fields can be
// read and written one by one. A copy of the whole struct into a local is refused.
struct Job {
  const float *src;
  int n;
};

__device__ float first(Job j) { return j.src[0] * j.n; }

__global__ void k(const float *x, float *out) {
  __shared__ Job job;
  if (threadIdx.x == 0) {
    job.src = x;
    job.n = 3;
  }
  __syncthreads();
  Job mine = job;
  out[threadIdx.x] = mine.src[threadIdx.x] + first(job);
}
