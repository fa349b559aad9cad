/* cuda2hlo-test
launch: set_peaks<<<2, 64>>>(x, pk, n)
launch: set_flags<<<2, 64>>>(x, fl, n)
launch: use_flags<<<2, 64>>>(fl, out, n)
launch: block_peak<<<2, 64>>>(x, best, n)
launch: push<<<2, 64>>>(rec, dt, n)
launch: leaves<<<2, 64>>>(nd, cnt, n)
buffer: x f32 128 uniform -1 1
buffer: pk u64 128x2 randint 0 1099511627776
buffer: fl f64 128x2 uniform 0 1
buffer: out f32 128 zeros
buffer: best f32 4 zeros
buffer: rec f64 128x2 uniform -50 50
buffer: nd i32 128x6 randint 0 2
buffer: cnt i32 128 zeros
scalar: n = 120
scalar: dt = 0.5
check: pk
check: fl rtol=0 atol=0
check: out rtol=0 atol=0
check: best rtol=0 atol=0
check: rec rtol=0 atol=0
check: cnt
note: Peak is a size_t then a float (its slot's other 4 bytes padding); Flags a double then a
note: bool: each narrow field is its slot's low bytes, a store keeps the padding bytes in
note: global memory (pk starts random there), and a __shared__ array of Peak works too;
note: Rec a double then an int (the low 4 bytes of a random double: any int; the rest
note: padding), Node int arrays, a bool (0 or 1) and an int
*/
// A field narrower than the struct's widest scalar (hogbom's {size_t pos; float val;}):
// read and written in global and shared memory, whole-struct copies included.
struct Peak {
  size_t pos;
  float val;
};
struct Flags {
  double w;
  bool on;
};

__global__ void set_peaks(const float *x, Peak *pk, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  pk[i].val = x[i] * 2.0f;
  pk[i].pos = (size_t)i * 3u;
}

__global__ void set_flags(const float *x, Flags *fl, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  fl[i].on = x[i] > 0.0f;
}

__global__ void use_flags(Flags *fl, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Flags f = fl[i];                       // a whole-struct load
  out[i] = f.on ? (float)f.w : -1.0f;
  f.w = f.w + 1.0;
  f.on = !f.on;
  if (i % 3 == 0) fl[i] = f;             // a whole-struct store
}

__global__ void block_peak(const float *x, float *best, int n) {
  __shared__ Peak p[64];
  int t = threadIdx.x, i = blockIdx.x * 64 + t;
  p[t].val = i < n ? x[i] : -2.0f;
  p[t].pos = (size_t)i;
  __syncthreads();
  if (t == 0) {
    Peak b = p[0];
    for (int k = 1; k < 64; k++)
      if (p[k].val > b.val) b = p[k];
    best[2 * blockIdx.x] = b.val;
    best[2 * blockIdx.x + 1] = (float)b.pos;
  }
}

struct Rec {
  double w;
  int id;
};

__global__ void push(Rec *r, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  r[i].w += dt * r[i].id;
}

struct Node {
  int keys[4];
  bool leaf;
  int count;
};

__global__ void leaves(const Node *nd, int *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  o[i] = nd[i].leaf ? nd[i].count + nd[i].keys[1] : -1;
}
