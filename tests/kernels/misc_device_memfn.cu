/* cuda2hlo-test
launch: memfns<<<2, 64>>>(x, k, out, iout, n)
buffer: x f32 128 uniform -1 1
buffer: k i32 128 randint -50 50
buffer: out f32 128*3 zeros
buffer: iout i32 128*3 zeros
scalar: n = 128
check: out rtol=0 atol=0
check: iout
note: exact: copies and fills move values unchanged
*/
// memset and memcpy in device code, as ported C writes them: clearing a local table,
// filling ints with -1 and bytes with a value, copying a row of the input into a local
// array and a local array out to global memory.
#include <string.h>

__global__ void memfns(const float *x, const int *k, float *out, int *iout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float t[4];
  int h[3];
  unsigned char b[8];
  memset(t, 0, sizeof(t));
  memset(h, -1, 3 * sizeof(int));
  memset(b, 7, sizeof b);
  t[1] = x[i];
  h[2] = k[i];
  b[5] = (unsigned char)(k[i] & 0xff);
  float row[3];
  int j = i < n - 2 ? i : n - 3;
  memcpy(row, &x[j], 3 * sizeof(float));
  memcpy(&out[3 * i], row, sizeof row);
  out[3 * i + 1] += t[1] + t[3];
  memcpy(iout + 3 * i, h, sizeof h);
  iout[3 * i + 2] += b[5] + b[0];
}
