// RUN: cuda2hlo %s --grid 1 --block 32 --size x=128 --size out=32 -o %out/k.mlir
// ERROR: shared_struct_base\.cu:25:29: error: element \[0\] of shared array 'st' is read here but no thread of its block has written it before
// cub-style temporary storage: a collective's TempStorage derives from a wrapper of raw
// words whose Alias() reinterprets the object as the collective's own storage type
// (HeCBench blockAccess-cuda, quantBnB-cuda and blockexchange-cuda copy cub's BlockLoad
// and BlockStore this way). The struct is its base's fields (struct.c visit_fields), one
// shared buffer of bytes here; the constructor's `TempStorage &` parameter is bound by
// copying the storage's fields into variables (call.c), which reads shared memory no
// thread has written: refused there (the reference is never used; binding it as memory
// instead of a copy is what the HeCBench programs need next).
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
