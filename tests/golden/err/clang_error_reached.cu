// RUN-FLAGS: --grid 1 --block 32
// clang's errors stop a conversion only where the converted kernel reaches them: here
// the device function it calls (line 9) and the type of a variable it declares (line
// 7); the missing header, the host function and the kernel not converted are not errors.
#include "no_such_helper_header.h"

struct Scale { float s; undeclared_type t; };

__device__ float twice(float v) { return v * undeclared_factor; }

__global__ void k(float *x) {
  Scale sc = {2.0f};
  x[threadIdx.x] = twice(x[threadIdx.x]) * sc.s;
}

void host_main() { undeclared_host_call(); }
