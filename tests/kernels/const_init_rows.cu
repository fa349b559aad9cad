/* cuda2hlo-test
launch: const_rows<<<2, 64>>>(out)
buffer: out f32 128*8 zeros
check: out rtol=0 atol=0
note: constant arrays whose initialisers leave elements out or elide braces: every value
note: at its position, the rest zero (short rows, a flat list for a 2-D table, a scalar
note: __constant__, a __device__ const and a constexpr table at namespace scope, const and
note: static const locals); exact
*/
// C++ places the values of an aggregate initialiser by position ([dcl.init.aggr]): a
// short row leaves the rest of that row zero, and a list without inner braces fills the
// rows in order. Tables written this way (a short first row, a flat list for a 2-D
// array) were flattened in order, which shifted every later row.
__constant__ int rows[3][4] = {{1}, {2, 3}, {4, 5, 6, 7}};
__constant__ float flat[2][3] = {1.5f, 2.5f, 3.5f, 4.5f};
__constant__ float gain = 2.5f;
__constant__ short nested[2][2][2] = {{{1}, {2, 3}}, {4, 5}};
__device__ const int lut[2][3] = {{9}, {8, 7}};
constexpr unsigned char mask[3][2] = {{1}, {}, {3, 4}};

__global__ void const_rows(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int local[3][2] = {{10}, {20, 30}};
  static const double dbl[2][2] = {0.25, 0.5, 0.75};
  float *o = out + i * 8;
  o[0] = (float)rows[i % 3][i % 4];
  o[1] = flat[i % 2][i % 3];
  o[2] = gain * (float)(i % 5);
  o[3] = (float)nested[i % 2][(i / 2) % 2][(i / 4) % 2];
  o[4] = (float)lut[i % 2][i % 3];
  o[5] = (float)mask[i % 3][i % 2];
  o[6] = (float)local[i % 3][i % 2];
  o[7] = (float)dbl[i % 2][(i / 2) % 2];
}
