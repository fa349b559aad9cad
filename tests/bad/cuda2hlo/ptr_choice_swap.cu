// RUN: cuda2hlo %s --grid 1 --block 64 --size a=128 --size b=128 --size c=128 --size d=128 --size e=128 --size o=128 --size ib=128 -o %out
// ERROR: ptr_choice_swap\.cu:20:5: error: the pointer is assigned an address in 'ib' after one in 'a': a pointer must stay in one buffer
// ERROR: ptr_choice_swap\.cu:21:5: error: the pointer is assigned an address in 'a' after one in 'ib': a pointer must stay in one buffer
// ERROR: ptr_choice_swap\.cu:27:12: error: the pointer is assigned an address in 'b' after one in 'a': a pointer must stay in one buffer
// ERROR: ptr_choice_swap\.cu:34:23: error: a store through a pointer choosing between buffers \('b' or 'a'\) must be a statement of its own
// ERROR: note: in kernel 'other_type'
// ERROR: note: in kernel 'five'
// ERROR: note: in kernel 'in_expression'
// Pointers swapped through a third choose between the buffers of their assignment graph
// (tests/kernels/ptr_choice_swap.cu) when those are at most four buffers of the pointers'
// element type, read without a view. A swap with a buffer of another element type seen
// through a cast, a rotation of five buffers and a store through a swapped pointer that
// is part of an expression stay refused where they stand (the pointers are then each
// held in the one buffer of their first address).
__global__ void other_type(float *a, int *ib) {
  float *r = a, *w = (float *)ib, *t;
  for (int k = 0; k < 3; k++) {
    w[threadIdx.x] = r[threadIdx.x] + 1.0f;
    t = r;
    r = w;
    w = t;
  }
}
__global__ void five(float *a, float *b, float *c, float *d, float *e) {
  float *p = a, *q = b, *x = c, *y = d, *z = e, *t;
  for (int k = 0; k < 3; k++) {
    t = p; p = q; q = x; x = y; y = z; z = t;
    p[threadIdx.x] += 1.0f;
  }
}
__global__ void in_expression(float *a, float *b, float *o) {
  float *r = a, *w = b, *t;
  for (int k = 0; k < 3; k++) {
    o[threadIdx.x] = (w[threadIdx.x] = r[threadIdx.x] * 2.0f);
    t = r; r = w; w = t;
  }
}
