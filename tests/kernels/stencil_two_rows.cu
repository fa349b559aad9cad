/* cuda2hlo-test
launch: two_rows<<<dim3(1, 6, 4), dim3(16, 8, 1)>>>(c, g)
buffer: c f64 24*56*12 uniform -1 1
buffer: g f64 24*56*12 zeros
check: g
*/
// A haloed 3-D field (halo 4) where only two rows, j == 3 and j == 45, read the row four
// cells south (the shape a near-wall reconstruction takes): the read's threads are two
// rows of a launch split into blocks of 8 rows, and it stays a slice of the grid.
#define NX 16
#define NY 48
#define HALO 4
#define TX (NX + 2 * HALO)
#define TY (NY + 2 * HALO)
#define IX(i, j, k) ((((k) + HALO) * TY + ((j) + HALO)) * TX + ((i) + HALO))

__global__ void two_rows(const double *c, double *g) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int k = blockIdx.z;
  if (i >= NX || j >= NY)
    return;
  g[IX(i, j, k)] = (j == 3 || j == 45) ? 2.0 * c[IX(i, j - 4, k)] : c[IX(i, j, k)];
}
