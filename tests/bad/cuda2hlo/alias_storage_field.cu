// RUN: cuda2hlo %s --grid 1 --block 32 --size o=32 -o %out/k.mlir
// ERROR: alias_storage_field\.cu:26:30: error: 'ts' is held as f32 elements, the slots of the struct a method views its storage as
// ERROR: note: in kernel 'alias_storage_field'
// A storage struct that an Alias() views as another struct is held in that struct's
// elements (tests/kernels/ref_member_alias.cu); a use of its own word array over them
// reads other bytes and is refused, not read as floats.
template <typename T> struct Raw {
  double words[sizeof(T) / sizeof(double)];
  __device__ T &Alias() { return reinterpret_cast<T &>(*this); }
};

struct Vals { float v[32]; };

class Put {
  Vals &s;
public:
  struct TempStorage : Raw<Vals> {};
  __device__ Put(TempStorage &ts) : s(ts.Alias()) {}
  __device__ void put(int i, float x) { s.v[i] = x; }
};

__global__ void alias_storage_field(float *o) {
  __shared__ Put::TempStorage ts;
  Put(ts).put(threadIdx.x, o[threadIdx.x]);
  __syncthreads();
  o[threadIdx.x] = (float)ts.words[threadIdx.x / 2];
}
