// RUN: cuda2hlo %s --grid 1 --block 32 --size p=64 -o %out/k.mlir
// ERROR: void_ptr_two_sizes\.cu:12:6: error: the 'void \*' buffer 'p' is cast to 'double \*' here and to pointers to 4-byte elements elsewhere: a 'void \*' buffer must be read as elements of one size
// ERROR: note: in kernel 'two_sizes'
// A `void *` buffer cast to float and to double has no one element type: reading its
// doubles as pairs of floats would need byte offsets of one meaning for both views.
// Casts to types of one size (float and unsigned) are views of one element type and
// are translated (tests/kernels/void_param_cast.cu).
__global__ void two_sizes(void *p) {
  int i = threadIdx.x;
  float f = ((float *)p)[i];
  if (i == 0)
    ((double *)p)[1] = (double)f;
}
