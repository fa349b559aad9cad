// RUN: cuda2hlo %s --grid 1 --block 64 --size a=128 --size b=128 -o %out
// ERROR: ptr_swap_by_address\.cu:13:3: error: assignment of a pointer through a pointer to it \(`\*pp = q`: a pointer held in memory or passed by its address, as a swap of two pointers by their addresses\) cannot be translated; assign the pointer variable itself
// ERROR: note: inlined from a call in kernel 'swap_rows' \(device function 'swap'\)
// Two pointers swapped by a device function that takes their addresses (HeCBench
// seam-carving's shared-memory row swap): the pointers are assigned through pointers to
// them, which the frontend does not follow (a pointer is a buffer and an offset variable,
// not an object in memory). Refused at the assignment, with the way out: swapping the
// variables themselves (`t = p; p = q; q = t;`) keeps each in its own buffer, or makes
// them pointers choosing between buffers (tests/kernels/ptr_choice_store.cu).
__device__ void swap(void **p, void **q) {
  void *t;
  t = *p;
  *p = *q;
  *q = t;
}
__global__ void swap_rows(float *a, float *b) {
  float *r = a, *w = b;
  for (int k = 0; k < 4; k++) {
    w[threadIdx.x] = r[threadIdx.x] + 1.0f;
    swap((void **)&r, (void **)&w);
  }
}
