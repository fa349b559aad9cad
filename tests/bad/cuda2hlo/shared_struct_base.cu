// RUN: cuda2hlo %s --grid 1 --block 32 --size x=128 --size out=32 -o %out/k.mlir
// ERROR: shared_struct_base\.cu:22:34: error: __shared__ struct 'st': its type 'Loader::TempStorage' has a base class 'Raw<Empty>', which a __shared__ struct without a slot layout cannot hold \(one shared buffer per field\)
// cub-style temporary storage: a collective's TempStorage derives from a wrapper of raw
// words whose Alias() reinterprets the object as the collective's own storage type
// (HeCBench blockAccess-cuda, quantBnB-cuda and blockexchange-cuda copy cub's BlockLoad
// and BlockStore this way). A __shared__ struct without a slot layout is held one
// buffer per field, and the field walks do not see a base class's fields, so one with
// a base is refused at its declaration rather than left with fields that have no buffer.
template <class T> struct Raw {
  unsigned char words[sizeof(T)];
  __device__ T &Alias() { return reinterpret_cast<T &>(*this); }
};
struct Loader {
  struct Empty {};
  struct TempStorage : Raw<Empty> {};
  int tid;
  __device__ Loader(TempStorage &) : tid(threadIdx.x) {}
  __device__ float Load(const float *p) { return p[tid * 4] + p[tid * 4 + 3]; }
};

__global__ void k(const float *x, float *out) {
  __shared__ Loader::TempStorage st;
  out[threadIdx.x] = Loader(st).Load(x);
}
