/* cuda2hlo-test
launch: heat7<<<dim3(2, 2, 3), dim3(8, 8, 4)>>>(u, v, nz)
buffer: u f32 16*12*10 uniform -1 1
buffer: v f32 16*12*10 uniform -1 1
scalar: nz = 10
check: v
note: 16 x 12 x 10 grid (x fastest); only the first nz layers' interior is updated
*/
// A 7-point stencil with a halo of one on a 3-D grid of fixed 16 x 12 planes: the number
// of layers nz is a runtime scalar (--symbolic nz).
#define NX 16
#define NY 12
__global__ void heat7(const float *u, float *v, int nz) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int k = blockIdx.z * blockDim.z + threadIdx.z;
  if (i > 0 && i < NX - 1 && j > 0 && j < NY - 1 && k > 0 && k < nz - 1) {
    int c = (k * NY + j) * NX + i;
    v[c] = u[c] + 0.1f * (u[c - 1] + u[c + 1] + u[c - NX] + u[c + NX] + u[c - NX * NY] +
                          u[c + NX * NY] - 6.0f * u[c]);
  }
}
