/* cuda2hlo-test
launch: ptr_ref_param<<<2, 64>>>(pool, in, out, n, stride)
buffer: pool u32 128*4 randint 0 1000
buffer: in f32 256 uniform -4 4
buffer: out f32 128*3 zeros
scalar: n = 120
scalar: stride = 4
check: pool
check: out rtol=0 atol=0
note: device functions that take a pointer by reference (`T *&`): one that only reads
note: through it (a pointer to a struct held in variables, from template and plain
note: callers), and ones that move the caller's pointer in its buffer (`p += k`,
note: `q = base + i`, passed on to another such function, from a template through a
note: dependent call); exact bit for bit
*/
// Tree and allocator kernels hand their allocator to helpers as `AllocatorT *&`, and
// buffer-walking helpers advance the caller's cursor through a reference to it.
struct Pool {
  unsigned *base;
  int stride;
  __device__ unsigned *at(int k) { return base + k * stride; }
};

template <typename P>
__device__ unsigned bump(int k, unsigned v, P *&pp) {
  pp->at(k)[1] += v;
  return pp->at(k)[0];
}

__device__ unsigned peek(int k, Pool *&pp) { return pp->at(k)[2]; }

template <typename P>
__device__ unsigned unit(int k, P *m) {
  return bump(k, 3u, m) + peek(k, m);
}

__device__ unsigned unit2(int k, Pool *m) { return peek(k, m) * 2u; }

__device__ void advance(const float *&p, int k) { p += k; }
__device__ void ahead(const float *&p) { advance(p, 1); }
__device__ void seek(float *&q, float *base, int i) { q = base + i; }
__device__ void seek3(float *&q, float *base, int i) { seek(q, base, 3 * i); }

template <typename T>
__device__ void place(T *&q, T *base, int i) { q = base + i; }

template <typename T>
__device__ T pair_sum(T *base, int i) {
  T *q;
  place(q, base, 2 * i);   // a dependent call: q changes only in the callee
  return q[0] + q[1];
}

__global__ void ptr_ref_param(unsigned *pool, const float *in, float *out, int n, int stride) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  Pool p;
  p.base = pool;
  p.stride = stride;
  unsigned got = unit(t, &p) + unit2(t, &p);
  const float *r = in;
  advance(r, t);
  float x = r[0];
  ahead(r);
  x = x * 2.0f - r[0];
  float *w;
  seek3(w, out, t);
  w[0] = x;
  w[1] = (float)got;
  w[2] = r[1] * pair_sum(in, t);
}
