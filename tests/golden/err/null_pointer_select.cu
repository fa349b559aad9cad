// RUN-FLAGS: --grid 2 --block 32
// A pointer that a select may make null, used where nothing proves it is not null:
// refused at the use (under `if (o != nullptr)` or `if (steps > 0)` it is the address
// out + blockIdx.x * steps, tests/kernels/ptr_maybe_null.cu, src/frontend/ptrnull.c).
__global__ void k(float *out, int steps) {
  float *o = steps > 0 ? out + blockIdx.x * steps : nullptr;
  o[threadIdx.x % steps] = 1.0f;
}
