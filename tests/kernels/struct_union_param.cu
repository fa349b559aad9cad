/* cuda2hlo-test
launch: mark<<<2, 64>>>(w{lo=3, hi=7, cut=100}, f{bias=0.5}, out, n)
buffer: out i32 128 zeros
scalar: n = 120
check: out
note: anonymous unions of same-size scalars in by-value parameter structs, read by field name and by the aliasing array at constant and run-time indices
*/
// A boundary description passed by value whose named fields share their storage with
// an array through an anonymous union (as lattice codes describe their walls): the
// kernel reads w.lo by name and the same ints through w.el[k] at a run-time index,
// and writes a local copy through one member and reads it through the other.
struct Bounds {
  union {
    struct {
      int lo, hi, cut;
    };
    int el[3];
  };
};

struct Scale {
  union {
    float bias;
    float raw;
  };
};

__global__ void mark(Bounds w, Scale f, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = 0;
    if (i % 16 == w.lo) v += 1;
    if (i % 16 == w.hi) v += 2;
    if (i < w.cut) v += w.el[i % 3] * 10;
    Bounds loc = w;                 // a local copy: a store through one member is seen through the other
    loc.el[1] += i;
    loc.lo = loc.hi * 2;
    out[i] = v + (int)(f.raw * 4.0f) + (int)(f.bias * 100.0f) + w.el[2] + loc.hi * 1000 + loc.el[0] * 100000;
  }
}
