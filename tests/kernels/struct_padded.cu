/* cuda2hlo-test
launch: mix_rgb<<<3, 128>>>(in, out, w, n)
launch: swap_px<<<2, 128>>>(pin, pout, n)
buffer: in u32 300x4 randint 0 1000
buffer: out u32 300x4 zeros
buffer: w f32 300x2 uniform 0 1
buffer: pin u32 300x8 randint 0 100000
buffer: pout u32 300x8 zeros
scalar: n = 300
check: out
check: w
check: pout
note: Rgb is three uints padded to 16 bytes (4 slots a struct, the 4th never named); Weight is one float padded to 8 bytes; Px is an Rgb (16 bytes) then a uint at byte 16, padded to 32 bytes: a copy of a whole Px moves a at slot 4, not 3
*/
// Arrays of structs with padding as buffers: each object is sizeof / 4 slots of its
// 4-byte fields, and a field is its slot; whole-struct copies (a load into a local, a
// store from one) copy the fields. Padding is never read or written.
struct __align__(16) Rgb {
  unsigned r, g, b;
};
struct __align__(8) Weight {
  float v;
};

__global__ void mix_rgb(const Rgb *in, Rgb *out, Weight *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Rgb p = in[i];
  Rgb q;
  q.r = p.g + 1u;
  q.g = p.b * 3u;
  q.b = p.r ^ p.g;
  out[i] = q;
  w[i].v = w[i].v * 2.0f + (float)(p.r % 7u);
}

struct Px {
  Rgb c;
  unsigned a;
};

__global__ void swap_px(const Px *pin, Px *pout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Px p = pin[n - 1 - i];
  unsigned t = p.c.r;
  p.c.r = p.a;
  p.a = t + p.c.b;
  pout[i] = p;
}
