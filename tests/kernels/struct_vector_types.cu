/* cuda2hlo-test
launch: vec_mix<<<4, 64>>>(a, b, c, d, p, out4, out2, n)
buffer: a f32 200x4 uniform -1 1
buffer: b f32 200x2 uniform -2 2
buffer: c u8 200x4 randint 0 256
buffer: d f64 200x2 uniform -1 1
buffer: p f32 200x3 uniform -1 1
buffer: out4 f32 200x4 zeros
buffer: out2 i32 200x2 zeros
scalar: n = 200
check: out4
check: out2
note: every buffer holds 200 objects (float4, float2, uchar4, double2, a 3-float struct); --size counts objects
*/
// CUDA vector types and an array of structs as buffers: element i of a float4 buffer is
// four consecutive floats, read and written whole (v = a[i]) and by field (.x ... .w),
// built with make_float4 / make_int2; --size gives the number of vectors, not floats.
struct Point3 {
  float x, y, z;
};

__global__ void vec_mix(const float4 *a, const float2 *b, const uchar4 *c, const double2 *d,
                        const Point3 *p, float4 *out4, int2 *out2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 v = a[i];
  float2 w = b[i];
  uchar4 u = c[i];
  double2 q = d[i];
  Point3 r = p[i];
  float s = (float)(q.x * q.y);
  out4[i] = make_float4(v.x + w.x, v.y * w.y, v.z - r.z + s, v.w + (float)u.w / 255.0f);
  out4[i].y += r.x * r.y;
  int2 k = make_int2(u.x + u.y, (int)u.z - (int)u.w);
  k.x += i;
  out2[i] = k;
}
