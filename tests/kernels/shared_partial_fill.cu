/* cuda2hlo-test
launch: partial_fill<<<4, 64>>>(x, out, n)
buffer: x f32 336 uniform -1 1
buffer: out f32 256 zeros
scalar: n = 40
check: out
*/
// Shared arrays set only in part and read only where set: a tile of 80 filled by a
// block-strided loop (every element, two iterations for the first 16 threads), and an
// array filled and read under the same guard by an unbound scalar. Neither reads an
// element no thread wrote, so the check for unset shared memory accepts both.
#define TILE 80

__global__ void partial_fill(const float *x, float *out, int n) {
  __shared__ float tile[TILE];
  __shared__ float part[64];
  int t = threadIdx.x, base = blockIdx.x * 64;
  for (int b = t; b < TILE; b += blockDim.x)
    tile[b] = x[base + b];
  if (t < n)
    part[t] = x[base + t] * 2.0f;
  __syncthreads();
  float v = tile[t] + tile[t + 16];
  if (t < n)
    v += part[n - 1 - t];
  out[base + t] = v;
}
