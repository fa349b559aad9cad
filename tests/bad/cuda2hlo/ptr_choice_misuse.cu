// RUN: cuda2hlo %s --grid 1 --block 64 --size a=128 --size b=128 -o %out
// ERROR: ptr_choice_misuse\.cu:22:7: error: this pointer chooses between buffers \('a' or 'b'\): only a load through it or a store that is a statement of its own can be translated
// ERROR: ptr_choice_misuse\.cu:26:28: error: this pointer chooses
// ERROR: ptr_choice_misuse\.cu:30:13: error: this pointer chooses
// ERROR: ptr_choice_misuse\.cu:34:10: error: this pointer chooses
// ERROR: ptr_choice_misuse\.cu:38:24: error: this pointer chooses
// ERROR: ptr_choice_misuse\.cu:42:35: error: this pointer chooses
// ERROR: note: in kernel 'compare'
// ERROR: note: in kernel 'pass_on'
// ERROR: note: in kernel 'view'
// A pointer assigned addresses in two buffers is read through (a select over the
// candidates' loads, tests/kernels/ptr_choice_buffers.cu) and stored through (a guarded
// store per candidate, tests/kernels/ptr_choice_store.cu). A comparison, a subtraction,
// an atomic, a memset, passing it to a device function and a view of another type would
// each need the buffer it points into as a value: each is refused where it stands
// (stores that stay refused: ptr_choice_store.cu).
__device__ float get(const float *q) { return q[1]; }
#define CHOOSE float *p; if (threadIdx.x & 1) p = a; else p = b; p += threadIdx.x
__global__ void compare(float *a, float *b) {
  CHOOSE;
  int i = threadIdx.x;
  if (p == a + 3) a[i] = 2.0f;
}
__global__ void subtract(float *a, float *b) {
  CHOOSE;
  a[threadIdx.x] = (float)(p - a);
}
__global__ void atomic(float *a, float *b) {
  CHOOSE;
  atomicAdd(p, 1.0f);
}
__global__ void clear(float *a, float *b) {
  CHOOSE;
  memset(p, 0, 4);
}
__global__ void pass_on(float *a, float *b) {
  CHOOSE;
  a[threadIdx.x] = get(p);
}
__global__ void view(float *a, float *b) {
  CHOOSE;
  a[threadIdx.x] = (float)*(int *)p;
}
