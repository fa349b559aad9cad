// RUN: cuda2hlo %s --grid 1 --block 32 --size o=32 -o %out/k.mlir
// ERROR: ref_member_local\.cu:14:31: error: a reference member bound to this cannot be translated \(only to a struct in memory
// ERROR: note: inlined from a call in kernel 'ref_member_local'
// A reference member bound to a struct held in variables (a local, not memory) is not
// bound yet: refused at the initialiser (tests/kernels/ref_member_param.cu binds one to
// a __shared__ struct).
struct Pair {
  float a, b;
};

class Sum {
  Pair &p;
public:
  __device__ Sum(Pair &q) : p(q) {}
  __device__ float get() const { return p.a + p.b; }
};

__global__ void ref_member_local(float *o) {
  Pair loc = {o[threadIdx.x], 1.0f};
  o[threadIdx.x] = Sum(loc).get();
}
