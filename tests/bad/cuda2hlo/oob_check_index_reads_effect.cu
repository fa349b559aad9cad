// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1024 --size idx=1024 --size y=1024 --oob-check -o %out/m.mlir
// ERROR: oob_check_index_reads_effect\.cu:12:13: error: this access is not proven in bounds and cannot be checked at run time \(its statement changes what its index reads before it\)
// ERROR: in kernel 'reads_effect'
// --oob-check checks an access not proven in bounds before its statement; the index of
// x[k] reads k, which the if's test changes (k++) before the load: the check cannot see
// the value the load uses there, and an if's test has no place after it for a captured
// index, so the kernel is refused (main before session 26 left it unchecked: an index
// out of bounds read the clamped nearest element, exit 0).
__global__ void reads_effect(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = idx[i];
  if ((k++, x[k]) > 0.0f)
    y[i] = k;
}
