/* cuda2hlo-test
launch: align_mix<<<2, 64>>>(p, q, out, n)
buffer: p f32 100x8 uniform -4 4
buffer: q f64 100x6 uniform -2 2
buffer: out f32 100x4 zeros
scalar: n = 100
check: out
note: p holds 100 Body objects (32 bytes: m at 0, v at 16), q 100 Pair objects (48 bytes)
*/
// CUDA's vector types carry the toolkit's alignments (vector_types.h): float4 16 bytes,
// double2 16, short4 8, char2 2. A struct holding one is laid out around them: in Body,
// v starts at byte 16 after m (12 bytes of padding), and the struct is 32 bytes; in Pair,
// d starts at 16, s at 32, e at 40, and the struct is 48 bytes. The buffers are read with
// the layout nvcc gives (the oracle compiles this file with the toolkit's headers). A
// local struct aligned as a uint4 through a template (`struct alignas(io_t) {...}`, a
// vectorised-load idiom) is accepted, as nvcc accepts it.
struct Body {
  float m;
  float4 v;
};

struct Pair {
  float c;
  double2 d;
  short4 s;
  char2 e;
};

template <typename M, int V> struct IO;
template <> struct IO<unsigned long, 2> { typedef uint4 Type; };

template <typename M, int V> struct Lanes {
  typedef typename IO<M, V>::Type io_t;
  struct alignas(io_t) {
    M data[V];
  } val;
};

__global__ void align_mix(const Body *p, const Pair *q, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Body b = p[i];
  Lanes<unsigned long, 2> l;
  l.val.data[0] = (unsigned long)i;
  l.val.data[1] = (unsigned long)(2 * i + 1);
  float s = (float)(q[i].d.x - q[i].d.y) + q[i].c;
  out[i] = make_float4(b.m * b.v.x, b.v.y + b.v.w, s,
                       (float)(l.val.data[0] + l.val.data[1]) + b.v.z);
}
