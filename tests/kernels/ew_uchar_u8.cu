/* cuda2hlo-test
launch: uchar_add<<<4, 64>>>(a, b, sat, wrap, n)
buffer: a u8 250 randint 0 256
buffer: b u8 250 randint 0 256
buffer: sat u8 250 zeros
buffer: wrap u8 250 zeros
scalar: n = 250
check: sat
check: wrap
*/
// Unsigned bytes: saturating add next to wrapping add.
__global__ void uchar_add(const unsigned char *a, const unsigned char *b,
                          unsigned char *sat, unsigned char *wrap, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int s = a[i] + b[i];
    sat[i] = s > 255 ? 255 : (unsigned char)s;
    wrap[i] = (unsigned char)(a[i] + b[i]);
  }
}
