// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 -o %out/k.mlir
// ERROR: device_assert\.cu:14:12: error: device assert cannot be translated inside an expression
// ERROR: note: in kernel 'checked'
// A device assert converts where it is a statement (a record per thread that the host
// checks after the launch: docs/idioms.md "Device assert", tests/kernels/misc_assert_holds.cu);
// one inside an expression (here the left of a comma) is refused where it stands, never
// dropped. The bundled headers declare the device __assert_fail the toolkit has, so the
// refusal is ours and not libclang's "no matching function". With -DNDEBUG the assert is
// gone and the kernel converts.
#include <assert.h>

__global__ void checked(float *x, int n) {
  int i = threadIdx.x;
  int j = (assert(i < n), 2 * i) / 2;
  x[j] = 2.0f * x[j];
}
