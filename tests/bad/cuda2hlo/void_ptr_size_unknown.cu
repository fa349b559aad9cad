// RUN: cuda2hlo %s --grid 1 --block 32 --size y=32 -o %out/k.mlir
// ERROR: void_ptr_size_unknown\.cu:7:52: error: size of buffer 'p' is unknown: give --size p=N \(N elements of f64, the type its casts give the 'void \*'\)
// ERROR: note: in kernel 'size_unknown'
// A `void *` buffer typed by its casts (src/frontend/voidptr.c) is sized in elements
// of that type, not in bytes: the message that asks for its size says which type. A
// host allocation of B bytes bound to it is B / 8 doubles here, as for a `double *`.
__global__ void size_unknown(float *y, const void *p) {
  y[threadIdx.x] = (float)static_cast<const double *>(p)[threadIdx.x];
}
