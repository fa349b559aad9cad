/* cuda2hlo-test
launch: hist_weighted<<<8, 128>>>(x, w, counts, mass, n, lo, scale, nbins)
buffer: x f32 1000 uniform -1.5 1.5
buffer: w f32 1000 uniform 0 1
buffer: counts i32 32 zeros
buffer: mass f32 32 zeros
scalar: n = 1000
scalar: lo = -1.0
scalar: scale = 16.0
scalar: nbins = 32
check: counts
check: mass rtol=1e-4 atol=1e-5
note: values outside [-1, 1) go to the first and last bins
*/
// Float values binned by (x - lo) * scale, clamped to the bin range; an int count and a
// float weight per bin.
__global__ void hist_weighted(const float *x, const float *w, int *counts, float *mass,
                              int n, float lo, float scale, int nbins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int b = (int)floorf((x[i] - lo) * scale);
  b = b < 0 ? 0 : (b >= nbins ? nbins - 1 : b);
  atomicAdd(&counts[b], 1);
  atomicAdd(&mass[b], w[i]);
}
