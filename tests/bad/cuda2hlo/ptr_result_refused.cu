// RUN: cuda2hlo %s --grid 1 --block 64 --size a=128 --size b=128 -o %out
// ERROR: ptr_result_refused\.cu:18:20: error: this pointer may be null here: a pointer that may be null can only be tested or assigned; a use must sit under a test that it is not null
// ERROR: ptr_result_refused\.cu:23:10: error: 'either' returns an address in 'b' here and in 'a' \(or through another view\) elsewhere: a pointer result in several buffers cannot be translated
// ERROR: ptr_result_refused\.cu:30:10: error: 'own' returns an address that is not in a buffer the kernel can address
// ERROR: ptr_result_refused\.cu:39:21: error: this pointer may be null here
// ERROR: ptr_result_refused\.cu:45:22: error: this pointer may be null here
// A device function's pointer result is an address in one buffer, or null where it is
// tested (tests/kernels/ptr_result_same.cu, ptr_result_paths.cu, ptr_result_null.cu). A
// function that returns addresses in two buffers, or the address of its own local, is
// refused at that return; a pointer that may be null is refused where it is used without
// a test that it is not (directly, after the test's if, in an if that assigns it again).
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
__global__ void after_test(float *a, float *b) {
  float *p;
  if ((p = maybe(a, threadIdx.x)))
    b[threadIdx.x] = 1.0f;
  b[threadIdx.x] += *p;
}
__global__ void assigned_in_body(float *a, float *b) {
  float *p;
  if ((p = maybe(a, threadIdx.x))) {
    p = maybe(a, threadIdx.x + 1);
    b[threadIdx.x] = p[0];
  }
}
