// 3-D 7-point Laplacian on an n^3 box (x fastest), interior points only; h2inv = 1/h^2.
//   cuda2hlo laplacian3d.cu --grid 8,32,256 --block 32,8,1 --size u=16777216
//            --size v=16777216 --set n=256 --set h2inv=1.0   (bench/run.sh passes these)
__global__ void laplacian3d(const float *u, float *v, int n, float h2inv) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int k = blockIdx.z * blockDim.z + threadIdx.z;
  if (i >= 1 && i < n - 1 && j >= 1 && j < n - 1 && k >= 1 && k < n - 1) {
    int s = n * n;
    int c = k * s + j * n + i;
    v[c] = h2inv * (u[c - 1] + u[c + 1] + u[c - n] + u[c + n] + u[c - s] + u[c + s] - 6.0f * u[c]);
  }
}
