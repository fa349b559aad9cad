// RUN: cuda2hlo %s --grid 1 --block 32 --size bits=64 --size out=32 -o %out/k.mlir
// ERROR: struct_ref_view_update\.cu:13:42: error: only loads and plain stores can go through a pointer that reinterprets 'bits' as f32
// A struct reference parameter bound to an element of a buffer of another type seen
// through a cast: the reference is that memory (call.c bind_mem_struct_ref), so the
// callee's compound assignment is a read-modify-write through the reinterpreting view,
// which is refused where it is written. (Bound to a copy of the fields, as before, the
// update was lost.)
struct Acc {
  float sum;
  float top;
};

__device__ void add(Acc &a, float v) { a.sum += v; }

__global__ void k(unsigned *bits, float *out) {
  Acc *p = reinterpret_cast<Acc *>(bits);
  add(p[threadIdx.x], 1.0f);
  out[threadIdx.x] = 0;
}
