/* cuda2hlo-test
launch: bits<<<2, 64>>>(x, d, u, y, v, z, n)
buffer: x f32 128 uniform -3 3
buffer: d f64 128 uniform -1e3 1e3
buffer: u u32 128 randint 0 4000000000
buffer: y u32 128 zeros
buffer: v f32 128 zeros
buffer: z u64 128 zeros
scalar: n = 120
check: y rtol=0 atol=0
check: v rtol=0 atol=0
check: z rtol=0 atol=0
note: memcpy between whole scalar variables and objects of their size is a bit cast (the C way to read a float's bits)
*/
// The way portable headers (cuda_fp8.hpp, hash functions) read a float's bits without a
// union: `memcpy(&bits, &f, sizeof f)`, often as `(void)memcpy(...)`. Each copy is between
// a whole scalar variable and an object of its size (a variable or a buffer element), so
// it is the bits of one read as the other. Also memset of a variable and a copy into a
// buffer element. Exact bit for bit.
#include <string.h>

__device__ unsigned canon_bits(float f) {
  unsigned b;
  (void)memcpy(&b, &f, sizeof(f));
  if ((b & 0x7fffffffu) > 0x7f800000u) b = 0x7fffffffu;    // a NaN's canonical bits
  return b;
}

__global__ void bits(const float *x, const double *d, const unsigned *u, unsigned *y,
                     float *v, unsigned long long *z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned b = canon_bits(x[i]) ^ 0x80000000u;         // flip the sign bit
  float f;
  memcpy(&f, &b, sizeof b);
  unsigned long long q = 7;
  memcpy(&q, &d[i], sizeof(double));                    // a buffer element's bits
  unsigned w;
  memset(&w, 0, sizeof w);
  w += u[i] >> 3;
  y[i] = b + w;
  memcpy(&v[i], &f, sizeof f);                          // into a buffer element
  z[i] = q;
}
