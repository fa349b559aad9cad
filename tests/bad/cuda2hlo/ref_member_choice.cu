// RUN: cuda2hlo %s --grid 1 --block 64 --size o=64 -o %out/k.mlir
// ERROR: ref_member_choice\.cu:14:49: error: a reference member bound to this cannot be translated \(only to a struct in memory
// ERROR: note: inlined from a call in kernel 'ref_member_choice'
// A reference member is bound to one object known where the constructor runs
// (tests/kernels/ref_member_alias.cu); one chosen at run time between two __shared__
// structs is refused at the initialiser, not read from either.
struct Tile {
  float v[64];
};

class View {
  Tile &t;
public:
  __device__ View(Tile &a, Tile &b, bool c) : t(c ? a : b) {}
  __device__ float &at(int i) { return t.v[i]; }
};

__global__ void ref_member_choice(float *o) {
  __shared__ Tile a, b;
  a.v[threadIdx.x] = o[threadIdx.x];
  b.v[threadIdx.x] = 2.0f * o[threadIdx.x];
  __syncthreads();
  View w(a, b, o[0] > 0.0f);
  o[threadIdx.x] = w.at(63 - threadIdx.x);
}
