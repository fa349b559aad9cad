/* cuda2hlo-test
launch: vec_rows<<<2, 32>>>(mat, bytes, bits, out, n)
buffer: mat f32 256 uniform -1 1
buffer: bytes u8 192 randint 0 256
buffer: bits f32 64 uniform 0.5 2
buffer: out f32 64 zeros
scalar: n = 60
check: out rtol=1e-6 atol=1e-6
check: mat rtol=1e-6 atol=1e-6
*/
// Vectorised access as published kernels write it: a float buffer read and written
// through reinterpret_cast<float4 *> (one float4 = 4 consecutive floats), a byte buffer
// read as uchar3, and a float buffer whose bits are read through reinterpret_cast<const
// unsigned *> (same size: a bitcast).
__global__ void vec_rows(float *mat, const unsigned char *bytes, const float *bits, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 *m4 = reinterpret_cast<float4 *>(mat);
  float4 v = m4[i];
  uchar3 u = reinterpret_cast<const uchar3 *>(bytes)[i];
  unsigned e = (reinterpret_cast<const unsigned *>(bits)[i] >> 23) & 0xff;
  out[i] = v.x + 2.0f * v.y + 3.0f * v.z + 4.0f * v.w + (u.x + u.y * 0.5f + u.z * 0.25f) + (float)e;
  m4[i].y = v.x * v.w;
}
