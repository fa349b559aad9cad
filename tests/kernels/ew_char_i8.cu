/* cuda2hlo-test
launch: char_clamp<<<2, 256>>>(a, b, out, n)
buffer: a i8 300 randint -100 100
buffer: b i8 300 randint -100 100
buffer: out i8 300 zeros
scalar: n = 300
check: out
*/
// 8-bit signed values: widen, combine, clamp to [-128, 127], narrow.
__global__ void char_clamp(const char *a, const char *b, char *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = a[i] * 3 - b[i];
    out[i] = (char)(v > 127 ? 127 : (v < -128 ? -128 : v));
  }
}
