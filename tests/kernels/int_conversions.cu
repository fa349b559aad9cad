/* cuda2hlo-test
launch: convert<<<2, 128>>>(f, d, k, to_int, to_uns, to_ll, from_int, to_char, to_uchar, n)
buffer: f f32 256 uniform -100000 100000
buffer: d f64 256 uniform -1e12 1e12
buffer: k i32 256 randint -2147483648 2147483647
buffer: to_int i32 256 zeros
buffer: to_uns u32 256 zeros
buffer: to_ll i64 256 zeros
buffer: from_int f32 256 zeros
buffer: to_char i8 256 zeros
buffer: to_uchar u8 256 zeros
scalar: n = 256
check: to_int
check: to_uns
check: to_ll
check: from_int rtol=0 atol=0
check: to_char
check: to_uchar
note: every float -> int conversion is in range (out-of-range is undefined in C++)
*/
// Conversions: float -> int truncates toward zero, |float| -> unsigned, double -> long long,
// int -> float rounds to nearest even, int -> char/unsigned char keeps the low byte.
__global__ void convert(const float *f, const double *d, const int *k, int *to_int, unsigned *to_uns,
                        long long *to_ll, float *from_int, char *to_char, unsigned char *to_uchar, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    to_int[i] = (int)f[i];
    to_uns[i] = (unsigned)fabsf(f[i]);
    to_ll[i] = (long long)d[i];
    from_int[i] = (float)k[i];
    to_char[i] = (char)(k[i] & 0xff);
    to_uchar[i] = (unsigned char)k[i];
  }
}
