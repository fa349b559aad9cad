// RUN: cuda2hlo %s --grid 1 --block 64 --size a=128 --size b=128 --size c=128 --size ib=128 -o %out
// ERROR: ptr_swap_by_address\.cu:17:3: error: the pointer is assigned an address in 'ib' after one in 'a': a pointer must stay in one buffer
// ERROR: ptr_swap_by_address\.cu:18:3: error: the pointer is assigned an address in 'a' after one in 'ib': a pointer must stay in one buffer
// ERROR: ptr_swap_by_address\.cu:21:3: error: the pointer is assigned an address in 'c' after one in 'a': a pointer must stay in one buffer
// ERROR: ptr_swap_by_address\.cu:24:3: error: assignment of a pointer through a pointer to it \(`\*pp = q`: a pointer held in memory or passed by its address, as a swap of two pointers by their addresses\) cannot be translated; assign the pointer variable itself
// ERROR: note: inlined from a call in kernel 'other_type' \(device function 'swap'\)
// ERROR: note: inlined from a call in kernel 'unseen_buffer' \(device function 'point_at'\)
// ERROR: note: inlined from a call in kernel 'not_deref' \(device function 'by_subscript'\)
// A device function taking pointers by their addresses (`swap((void **)&r, (void **)&w)`,
// HeCBench seam-carving) assigns the caller's pointer variables themselves
// (tests/kernels/ptr_swap_helper.cu). What stays refused: a pointer swapped with one into
// a buffer of another element type, a helper that points the pointer into a buffer the
// caller never names beside it, and a use of the parameter other than `*p`.
__device__ void swap(void **p, void **q) {
  void *t;
  t = *p;
  *p = *q;
  *q = t;
}
__device__ void point_at(float **p, float *to) {
  *p = to;
}
__device__ void by_subscript(float **p, float **q) {
  p[0] = *q;
}
__global__ void other_type(float *a, int *ib) {
  float *r = a;
  int *w = ib;
  for (int k = 0; k < 4; k++) {
    r[threadIdx.x] += 1.0f;
    swap((void **)&r, (void **)&w);
  }
}
__global__ void unseen_buffer(float *a, float *c) {
  float *r = a;
  point_at(&r, c);
  r[threadIdx.x] = 1.0f;
}
__global__ void not_deref(float *a, float *b) {
  float *r = a, *w = b;
  by_subscript(&r, &w);
  r[threadIdx.x] = 1.0f;
}
