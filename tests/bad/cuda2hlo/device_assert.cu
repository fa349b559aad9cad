// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 -o %out/k.mlir
// ERROR: device_assert\.cu:13:3: error: device assert cannot be translated
// ERROR: note: in kernel 'checked'
// A failed device assert traps the kernel (later API calls report cudaErrorAssert); no trap
// can be translated, so an assert that is compiled in is refused where it stands, never
// dropped. The bundled headers declare the device __assert_fail the toolkit has, so the
// refusal is ours and not libclang's "no matching function". With -DNDEBUG the assert is
// gone and the kernel converts.
#include <assert.h>

__global__ void checked(float *x, int n) {
  int i = threadIdx.x;
  assert(i < n);
  x[i] = 2.0f * x[i];
}
