// RUN-FLAGS: --grid 2 --block 32
// A pointer that a select may make null is not an address in a buffer: refused where it
// is made (a test of a pointer parameter against null is a constant, tests/kernels/ptr_null_test.cu).
__global__ void k(float *out, int steps) {
  float *o = steps > 0 ? out + blockIdx.x * steps : nullptr;
  if (o != nullptr) o[threadIdx.x % steps] = 1.0f;
}
