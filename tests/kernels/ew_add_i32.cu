/* cuda2hlo-test
launch: add_i32<<<8, 128>>>(a, b, c, n)
buffer: a i32 1000 randint -100000 100000
buffer: b i32 1000 randint -100000 100000
buffer: c i32 1000 zeros
scalar: n = 1000
check: c
*/
// Signed 32-bit arithmetic with negative operands; no overflow for these ranges.
__global__ void add_i32(const int *a, const int *b, int *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int x = a[i], y = b[i];
    c[i] = x + y - 3 * x + (y >> 2) - (x & 0xff);
  }
}
