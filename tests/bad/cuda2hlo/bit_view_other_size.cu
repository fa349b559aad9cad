// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 --size y=32 -o %out/k.mlir
// ERROR: bit_view_other_size\.cu:11:16: error: 'unsigned int' \(4 bytes\) read as 'unsigned long long' \(8 bytes\): only a reinterpretation of a variable as a type of its size can be translated
// ERROR: note: in kernel 'widen'
// A variable's bits read as a wider type would read the bytes after it, which C++ leaves
// undefined: refused at the dereference (a view of the same size is translated exactly,
// tests/kernels/bits_var_view.cu).
__global__ void widen(const unsigned *x, unsigned long long *y) {
  int i = threadIdx.x;
  unsigned u = x[i];
  if (i < 32)
    y[i] = 1 + *(unsigned long long *)&u;
}
