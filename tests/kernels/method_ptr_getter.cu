/* cuda2hlo-test
launch: method_ptr_getter<<<3, 32>>>(out, in, n)
buffer: out f32 96*8 zeros
buffer: in f32 96*4 uniform -100 100
scalar: n = 90
check: out rtol=0 atol=0
note: a method returning a pointer into its own object's array field, called on an
note: explicit object (`*a.vec() = v`, `b.raw()[j] = x`, `p->raw()[k]` through a pointer
note: to a local object, `o.raw()` inside a method of another object of the class): the
note: pointer is into that object, not the caller's; exact
*/
// Vectorised containers hand out a pointer to their storage (a float4 view for whole
// loads and stores, the scalar array for single lanes) and callers write through it.
struct Quad {
  struct alignas(float4) {
    float data[4];
  } val;
  __device__ float4 *vec() { return reinterpret_cast<float4 *>(val.data); }
  __device__ float *raw() { return val.data; }
  // the other object's storage, from inside a method of this one
  __device__ void mix_from(Quad &o, int k) {
    raw()[k] = o.raw()[3 - k] * 0.5f;
    o.raw()[k] += 1.0f;
  }
};

__global__ void method_ptr_getter(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  Quad a, b;
  *a.vec() = *reinterpret_cast<const float4 *>(&in[t * 4]);
  for (int j = 0; j < 4; j++)
    b.raw()[j] = a.val.data[3 - j] - (float)j;
  Quad *p = &b;
  p->raw()[t & 3] *= 2.0f;
  a.mix_from(b, (t + 1) & 3);
  float4 v = *b.vec();
  *reinterpret_cast<float4 *>(&out[t * 8]) = *a.vec();
  *reinterpret_cast<float4 *>(&out[t * 8 + 4]) = v;
}
