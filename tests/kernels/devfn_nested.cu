/* cuda2hlo-test
launch: normalize_vec3<<<2, 128>>>(v, out, len, n)
buffer: v f32 600 uniform -1 1
buffer: out f32 600 zeros
buffer: len f32 200 zeros
scalar: n = 200
check: out rtol=1e-5 atol=1e-6
check: len rtol=1e-5 atol=1e-6
note: 200 3-vectors stored as xyz triples
*/
// Device functions three deep, taking pointers offset into the buffers (p + 3 * i).
__device__ float dot3(const float *a, const float *b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

__device__ float norm3(const float *a) { return sqrtf(dot3(a, a)); }

__device__ void scale3(const float *a, float s, float *out) {
  for (int k = 0; k < 3; k++) out[k] = a[k] * s;
}

__device__ float normalize3(const float *a, float *out) {
  float l = norm3(a);
  scale3(a, l > 0.0f ? 1.0f / l : 0.0f, out);
  return l;
}

__global__ void normalize_vec3(const float *v, float *out, float *len, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) len[i] = normalize3(v + 3 * i, out + 3 * i);
}
