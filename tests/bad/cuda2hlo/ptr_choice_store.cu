// RUN: cuda2hlo %s --grid 1 --block 64 --size a=128 --size b=128 --size c=128 --size ia=128 -o %out
// ERROR: ptr_choice_store\.cu:21:21: error: a store through a pointer choosing between buffers \('a' or 'b'\) must be a statement of its own \(`p\[i\] = v;`\), not part of an expression or a loop header
// ERROR: ptr_choice_store\.cu:25:20: error: a store through a pointer choosing between buffers \('a' or 'b'\) must be a statement of its own
// ERROR: ptr_choice_store\.cu:29:4: error: this pointer chooses between buffers \('a' or 'b'\): only a load through it or a store that is a statement of its own can be translated
// ERROR: ptr_choice_store\.cu:33:11: error: this pointer chooses between buffers \('a' or 'b'\): only a load through it or a store that is a statement of its own can be translated
// ERROR: ptr_choice_store\.cu:40:5: error: the pointer is assigned an address in 'ia' after one in 'a': a pointer must stay in one buffer
// ERROR: note: in kernel 'in_expression'
// ERROR: note: in kernel 'in_condition'
// ERROR: note: in kernel 'increment'
// ERROR: note: in kernel 'view'
// ERROR: note: in kernel 'other_type'
// A store through a pointer assigned addresses in two buffers is one guarded store per
// candidate, placed before the statement (tests/kernels/ptr_choice_store.cu): only a store
// that is a statement of its own can be placed so. A store whose value is used or that
// sits in a condition, an increment of the element, a store through a view of another
// type and a choice between buffers of different element
// types are refused where they stand.
#define CHOOSE float *p; if (threadIdx.x & 1) p = a; else p = b; p += threadIdx.x
__global__ void in_expression(float *a, float *b, float *c) {
  CHOOSE;
  c[threadIdx.x] = (*p = 1.0f);
}
__global__ void in_condition(float *a, float *b, float *c) {
  CHOOSE;
  if (c[0] > 0 && (p[1] = 2.0f) > 1.0f) c[1] = 0;
}
__global__ void increment(float *a, float *b) {
  CHOOSE;
  (*p)++;
}
__global__ void view(float *a, float *b) {
  CHOOSE;
  *(int *)p = 3;
}
__global__ void other_type(float *a, int *ia) {
  float *p;
  if (threadIdx.x & 1)
    p = a;
  else
    p = (float *)ia;
  p[threadIdx.x] = 1.0f;
}
