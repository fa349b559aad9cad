/* cuda2hlo-test
launch: stencil_r<1><<<4, 128>>>(u, v1, n)
launch: stencil_r<4><<<4, 128>>>(u, v4, n)
buffer: u f32 500 uniform -1 1
buffer: v1 f32 500 zeros
buffer: v4 f32 500 zeros
scalar: n = 500
check: v1
check: v4
note: two instances of one template with different shared tile halos
*/
// A shared-memory tiled 1-D stencil templated on its radius: the halo width, the tile size
// and the weights all depend on R.
#define TB 128

template <int R>
__global__ void stencil_r(const float *u, float *v, int n) {
  __shared__ float tile[TB + 2 * R];
  int t = threadIdx.x;
  int i = blockIdx.x * TB + t;
  tile[t + R] = i < n ? u[i] : 0.0f;
  if (t < R) {
    int l = i - R, r = i + TB;
    tile[t] = l >= 0 ? u[l] : 0.0f;
    tile[t + TB + R] = r < n ? u[r] : 0.0f;
  }
  __syncthreads();
  if (i >= R && i < n - R) {
    float s = 0.0f;
    for (int k = -R; k <= R; k++) s += (float)(R + 1 - (k < 0 ? -k : k)) * tile[t + R + k];
    v[i] = s / (float)((R + 1) * (R + 1));
  }
}

template __global__ void stencil_r<1>(const float *, float *, int);
template __global__ void stencil_r<4>(const float *, float *, int);
