#include <cuda_runtime.h>
/* cuda2hlo-test
launch: apply_op<<<3, 128>>>(op, a, b, out, n)
buffer: op i32 300 randint 0 7
buffer: a i32 300 randint -1000 1000
buffer: b i32 300 randint 1 50
buffer: out i32 300 zeros
scalar: n = 300
check: out
*/
// switch with a fall-through case, a block-scoped case and a default.
__global__ void apply_op(const int *op, const int *a, const int *b, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i], r;
  switch (op[i]) {
  case 0: r = x + y; break;
  case 1: r = x - y; break;
  case 2: r = x * y; break;
  case 3: x = -x; // fall through
  case 4: r = x / y; break;
  case 5: {
    int t = x % y;
    r = t < 0 ? t + y : t;
    break;
  }
  default: r = -1;
  }
  out[i] = r;
}
