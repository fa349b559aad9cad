/* cuda2hlo-test
launch: edges<<<dim3(2, 2), dim3(16, 8)>>>(a, nx, ny)
buffer: a f32 480 uniform -1 1
scalar: nx = 24
scalar: ny = 12
check: a
note: raise strategy 2 golden: a store on a union of boxes (one dynamic_update_slice per box); the value depends on the side (iota + compare + select)
*/
__global__ void edges(float *a, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1) {
    float v = 1.0f;
    if (j == 0) v = 2.0f;
    a[j * nx + i] = v;
  }
}
