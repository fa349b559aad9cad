/* cuda2hlo-test
launch: gather_scale<<<4, 256>>>(dst, src, idx, scale, n)
buffer: dst f32 1000 const 7
buffer: src f32 500 uniform -1 1
buffer: idx i32 1000 randint 0 500
buffer: scale f32 250 uniform 0.5 2
scalar: n = 1000
check: dst
note: mixed raising (issue 18): the read src[idx[i]] depends on data (a gather); the
note: reads idx[i] and scale[i / 4] and the store dst[i] are affine (slices, a broadcast
note: of scale along i % 4, one dynamic_update_slice)
*/
// A data-dependent read beside affine ones: only the read through idx needs a gather.
__global__ void gather_scale(float *dst, const float *src, const int *idx,
                             const float *scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dst[i] = src[idx[i]] * scale[i / 4];
}
