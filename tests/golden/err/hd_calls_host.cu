// RUN-FLAGS: --kernel twice_plus --grid 1 --block 32 --size x=32 --set n=32
// Refused: a __host__ __device__ function that a kernel calls calls a __host__-only
// function (nvcc and clang refuse it too when the function is compiled for the device).
float host_only(float v) { return v * 2.0f; }

__host__ __device__ float plus_one(float v) { return host_only(v) + 1.0f; }

__global__ void twice_plus(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = plus_one(x[i]);
}

// host code may call the same function: it is __host__ too
float on_host(float v) { return plus_one(v); }
