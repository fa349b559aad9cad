/* cuda2hlo-test
launch: cond_pairs<<<2, 64>>>(keys, vals, pts, ok, ov, hits, n)
buffer: keys i32 128 randint -50 50
buffer: vals f32 128 uniform -4 4
buffer: pts f32 128x2 uniform -4 4
buffer: ok i32 640 zeros
buffer: ov f32 640 zeros
buffer: hits i32 128 zeros
scalar: n = 120
check: ok
check: ov
check: hits
*/
// Struct-valued conditional expressions `c ? a : b`: each arm a variable, a field of a
// struct, a struct in memory, a call of a device function (which has an effect, so
// only the chosen arm may run), nested, with a constant test, and returned from a
// device function after a warp shuffle (a compare-and-swap step of a bitonic sort).
struct KV {
  int k;
  float v;
};

struct Two {
  KV lo, hi;
};

__device__ KV make_kv(int k, float v) {
  KV r;
  r.k = k;
  r.v = v;
  return r;
}

// Records that it ran (C++ [expr.cond]: only the chosen arm is evaluated).
__device__ KV bumped(KV a, int *hits, int i, int by) {
  hits[i] += by;
  a.k += by;
  return a;
}

__device__ KV swap_step(KV x, int mask, int dir) {
  KV y;
  y.k = __shfl_xor_sync(0xffffffffu, x.k, mask);
  y.v = __shfl_xor_sync(0xffffffffu, x.v, mask);
  return (x.k > y.k) == dir ? y : x;
}

__global__ void cond_pairs(const int *keys, const float *vals, const float2 *pts,
                           int *ok, float *ov, int *hits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  KV a = make_kv(keys[i], vals[i]);
  KV b = make_kv(keys[(i + 7) % 128], vals[(i + 3) % 128]);
  Two t = {a, b};

  // Warp-wide: every lane takes part in the shuffles.
  KV s = swap_step(a, 1, (i >> 1) & 1);
  s = swap_step(s, 2, (i >> 2) & 1);
  ok[5 * i + 4] = s.k;
  ov[5 * i + 4] = s.v;
  if (i >= n) return;

  KV c = a.k < b.k ? a : b;                            // variables
  KV d = (i & 1) ? t.hi : t.lo;                        // fields
  float2 p = a.v > 0.0f ? pts[i] : pts[(i + 1) % 128]; // structs in memory
  KV e = a.k > 0 ? bumped(a, hits, i, 1) : bumped(b, hits, i, 100);   // calls
  KV f = a.k > 20 ? a : a.k < -20 ? b : make_kv(i, 0.5f);            // nested
  KV g = sizeof(KV) == 8 ? b : bumped(b, hits, i, 1000);             // constant test
  d = d.k > c.k ? c : d;                               // reads the variable it writes

  ok[5 * i + 0] = c.k;
  ov[5 * i + 0] = c.v;
  ok[5 * i + 1] = d.k + g.k;
  ov[5 * i + 1] = p.x - p.y;
  ok[5 * i + 2] = e.k;
  ov[5 * i + 2] = e.v;
  ok[5 * i + 3] = f.k;
  ov[5 * i + 3] = f.v + g.v;
}
