/* cuda2hlo-test
launch: tiles<<<dim3(3, 2), dim3(16, 4)>>>(in, out, w)
buffer: in f64 384x2 uniform -1 1
buffer: out f64 384x2 zeros
scalar: w = 3
check: out
note: every index comes from a macro whose body names threadIdx/blockIdx/blockDim/gridDim; the double2 buffers are read as doubles; s is declared register
*/
// threadIdx.x and friends written inside macro bodies (`#define tx threadIdx.x`, an
// index macro with and without arguments): the expansion of such a macro is one token
// (`tx`), which must not be taken for the field's name. A `register` local, which
// clang's C++17 refuses and nvcc compiles, changes nothing.
#define tx threadIdx.x
#define ty (threadIdx . y)
#define NX (gridDim.x * blockDim.x)
#define GX (blockIdx.x * blockDim.x + tx)
#define GY(b) ((b) * blockDim.y + ty)
#define AT(p, r, c) p[(r) * 2 * NX + (c)]

__global__ void tiles(const double2 *in2, double2 *out2, int w) {
  const double *in = (const double *)in2;
  double *out = (double *)out2;
  int r = GY(blockIdx.y), c = GX;
  register double s = 0;   // an error in clang's C++17, accepted by nvcc
  for (int k = 0; k < w; k++)
    s += AT(in, r, (c + k) % (2 * NX)) * (k + 1);
  AT(out, r, c) = s;
  AT(out, r, c + NX) = in[r * 2 * NX + c + NX] - tx + ty * 0.5;
}
