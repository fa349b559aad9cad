// RUN: cuda2hlo %s --grid 1 --block 64 --size a=64 --size b=64 -o %out/k.mlir
// ERROR: ptr_choice_store\.cu:16:3: error: this pointer chooses between buffers \('a' or 'b'\): only a load through it can be translated
// ERROR: note: in kernel 'store_choice'
// A pointer assigned addresses in two buffers is read through a select over the
// candidates' loads (tests/kernels/ptr_choice_buffers.cu); a store through it (which would
// be a masked store into each candidate) is not built yet and is refused where it stands,
// as are comparisons, views and passing it on.
__global__ void store_choice(float *a, float *b) {
  int i = threadIdx.x;
  float *p;
  if (i & 1)
    p = a;
  else
    p = b;
  p += i;
  *p = 1.0f;
}
