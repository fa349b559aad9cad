/* cuda2hlo-test
launch: warp_rotate<<<4, 64>>>(x, y, n)
buffer: x i32 256 randint -1000 1000
buffer: y i32 256 zeros
scalar: n = 256
check: y
*/
// Lanes exchange through shared memory separated by __syncwarp (no block barrier needed):
// each lane reads the value its neighbour wrote, rotating within the warp, twice.
__global__ void warp_rotate(const int *x, int *y, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int lane = t % 32, base = t - lane;
  s[t] = x[i];
  __syncwarp();
  int v = s[base + (lane + 1) % 32];
  __syncwarp();
  s[t] = v * 2 + lane;
  __syncwarp();
  y[i] = s[base + (lane + 31) % 32];
}
