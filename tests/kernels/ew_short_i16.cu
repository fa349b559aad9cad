/* cuda2hlo-test
launch: short_ops<<<4, 128>>>(a, b, sum, prod, n)
buffer: a i16 500 randint -30000 30000
buffer: b i16 500 randint -30000 30000
buffer: sum i16 500 zeros
buffer: prod i16 500 zeros
scalar: n = 500
check: sum
check: prod
note: operands promote to int; storing back to short keeps the low 16 bits (two's complement)
*/
// 16-bit signed arithmetic: promotion to int, then truncation on store.
__global__ void short_ops(const short *a, const short *b, short *sum, short *prod, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    short x = a[i], y = b[i];
    sum[i] = (short)(x + y);
    prod[i] = (short)(x * y + (x >> 3));
  }
}
