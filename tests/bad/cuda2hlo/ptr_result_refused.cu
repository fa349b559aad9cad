// RUN: cuda2hlo %s --grid 1 --block 64 --size a=128 --size b=128 -o %out
// ERROR: ptr_result_refused\.cu:11:12: error: 'maybe' returns a null pointer here: a pointer result that may be null cannot be translated
// ERROR: ptr_result_refused\.cu:20:10: error: 'either' returns an address in 'b' here and in 'a' \(or through another view\) elsewhere: a pointer result in several buffers cannot be translated
// ERROR: ptr_result_refused\.cu:27:10: error: 'own' returns an address that is not in a buffer the kernel can address
// ERROR: note: inlined from a call in kernel 'local_address' \(device function 'own'\)
// A device function's pointer result is an address in one buffer (tests/kernels/
// ptr_result_same.cu, ptr_result_paths.cu). A function that may return a null pointer,
// addresses in two buffers, or the address of its own local is refused at that return.
__device__ float *maybe(float *a, int i) {
  if (i < 10)
    return 0;
  return a + i;
}
__global__ void null_result(float *a, float *b) {
  b[threadIdx.x] = *maybe(a, threadIdx.x);
}
__device__ float *either(float *a, float *b, int i) {
  if (i & 1)
    return a + i;
  return b + i;
}
__global__ void two_buffers(float *a, float *b) {
  b[threadIdx.x] = *either(a, b, threadIdx.x);
}
__device__ float *own(float x) {
  float y = x * 2.0f;
  return &y;
}
__global__ void local_address(float *a, float *b) {
  b[threadIdx.x] = *own(a[threadIdx.x]);
}
