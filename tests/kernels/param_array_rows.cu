/* cuda2hlo-test
launch: laplace<<<dim3(4, 2), dim3(8, 4)>>>(c, mu, w)
buffer: c f64 6x32 uniform -1 1
buffer: mu f64 6x32 zeros
buffer: w f32 8 uniform 0 1
check: mu rtol=1e-12 atol=1e-12
*/
// Parameters declared as arrays, as C codes write fixed-size grids: `double c[][NY][NX]`
// is a pointer to NY*NX-element planes (--size counts planes), `const float w[]` a
// pointer to floats, and a device function takes a plane the same way.
#define NY 4
#define NX 8

__device__ double at(const double plane[][NX], int y, int x) {
  if (y < 0 || y >= NY || x < 0 || x >= NX) return 0.0;
  return plane[y][x];
}

__global__ void laplace(const double c[][NY][NX], double mu[][NY][NX], const float w[]) {
  int x = threadIdx.x, y = threadIdx.y;
  int z = blockIdx.y * gridDim.x + blockIdx.x;
  if (z >= 6) return;
  double s = at(c[z], y - 1, x) + at(c[z], y + 1, x) + at(c[z], y, x - 1) + at(c[z], y, x + 1);
  mu[z][y][x] = w[x] * (s - 4.0 * c[z][y][x]);
}
