// RUN: cuda2hlo %s --grid 1 --block 64 --size a=128 --size b=128 --size c=128 -o %out
// ERROR: ptr_choice_arg\.cu:18:19: error: this pointer chooses between buffers \('a' or 'b'\): only a load through it or a store that is a statement of its own can be translated
// ERROR: ptr_choice_arg\.cu:12:3: error: the pointer is assigned an address in 'c', not one of the buffers it chooses between
// ERROR: note: in kernel 'reinterpreted'
// ERROR: note: inlined from a call in kernel 'elsewhere' \(device function 'redirect'\)
// A pointer choosing between buffers passed to a device function makes the parameter
// choose between them too (tests/kernels/ptr_choice_arg.cu). What stays refused: the
// pointer passed as a view of another element type, and a parameter that the callee
// points into a buffer the argument never chose.
__device__ void set_bits(int *p) { p[threadIdx.x] = 7; }
__device__ void redirect(float *p, float *c) {
  p = c;
  p[threadIdx.x] = 1.0f;
}
#define CHOOSE float *r; if (threadIdx.x & 1) r = a; else r = b
__global__ void reinterpreted(float *a, float *b) {
  CHOOSE;
  set_bits((int *)r);
}
__global__ void elsewhere(float *a, float *b, float *c) {
  CHOOSE;
  redirect(r, c);
}
