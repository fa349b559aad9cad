// RUN: cuda2hlo %s --grid 1 --block 64 --size a=128 --size b=128 -o %out
// ERROR: ptr_choice_misuse\.cu:20:7: error: this pointer chooses between buffers \('a' or 'b'\): only a load through it or a store that is a statement of its own can be translated
// ERROR: ptr_choice_misuse\.cu:24:28: error: this pointer chooses
// ERROR: ptr_choice_misuse\.cu:28:13: error: this pointer chooses
// ERROR: ptr_choice_misuse\.cu:32:10: error: this pointer chooses
// ERROR: ptr_choice_misuse\.cu:36:35: error: this pointer chooses
// ERROR: note: in kernel 'compare'
// ERROR: note: in kernel 'view'
// A pointer assigned addresses in two buffers is read through (a select over the
// candidates' loads, tests/kernels/ptr_choice_buffers.cu) and stored through (a guarded
// store per candidate, tests/kernels/ptr_choice_store.cu). A comparison, a subtraction,
// an atomic, a memset and a view of another type would each need the buffer it points
// into as a value: each is refused where it stands (stores that stay refused:
// ptr_choice_store.cu; passed to a device function it makes the parameter choose,
// tests/kernels/ptr_choice_arg.cu).
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
__global__ void view(float *a, float *b) {
  CHOOSE;
  a[threadIdx.x] = (float)*(int *)p;
}
