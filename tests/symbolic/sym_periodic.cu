/* cuda2hlo-test
launch: wrap_x<<<dim3(4, 2), dim3(16, 16)>>>(u, v, ny)
buffer: u f32 64*32 uniform -1 1
buffer: v f32 64*32 uniform -1 1
scalar: ny = 32
check: v
note: rows of 64, periodic in x; only rows 1 .. ny-2 are updated
*/
// A 5-point stencil periodic in x (rows of 64, the neighbours wrap at 0 and 63) and
// bounded in y, on the first ny rows: ny is a runtime scalar (--symbolic ny). The
// period itself is a constant.
#define NX 64
__global__ void wrap_x(const float *u, float *v, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (j < 1 || j >= ny - 1) return;
  int w = (i + NX - 1) % NX, e = (i + 1) % NX;
  v[j * NX + i] = u[j * NX + w] + u[j * NX + e] + u[(j - 1) * NX + i] + u[(j + 1) * NX + i] -
                  4.0f * u[j * NX + i];
}
