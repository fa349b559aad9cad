/* cuda2hlo-test
launch: control3d<<<dim3(2, 3, 3), dim3(8, 4, 2)>>>(x, y, nx, ny, nz)
buffer: x i32 1500 randint -1000 1000
buffer: y i32 1500 const 7
scalar: nx = 15
scalar: ny = 10
scalar: nz = 10
check: y
note: 3D launch, switch with fallthrough, do-while, continue, integer division/modulo of negatives
*/
__global__ void control3d(const int *x, int *y, int nx, int ny, int nz) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  for (int k = blockIdx.z * blockDim.z + threadIdx.z; k < nz; k += blockDim.z * gridDim.z) {
    if (i >= nx || j >= ny) continue;
    int idx = (k * ny + j) * nx + i, v = x[idx], r = 0;
    switch ((v % 4 + 4) % 4) {
    case 0: r = v / 7; break;
    case 1: r = v % 7;
    case 2: r += 3; break;
    default: r = -v >> 2;
    }
    int c = 0;
    do { v /= 3; c++; } while (v != 0 && c < 5);
    y[idx] = r * 10 + c;
  }
}
