/* cuda2hlo-test
launch: offset_copy<<<2, 256>>>(in, out, n, off)
buffer: in f32 503 uniform -1 1
buffer: out f32 500 zeros
scalar: n = 500
scalar: off = 3
check: out
*/
// A read shifted by a scalar offset and a pointer advanced by it; in has n + off elements.
__global__ void offset_copy(const float *in, float *out, int n, int off) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *src = in + off;
  if (i < n) out[i] = src[i] - in[i];
}
