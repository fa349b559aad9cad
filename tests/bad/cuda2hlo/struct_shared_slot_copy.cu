// RUN: cuda2hlo %s --grid 1 --block 32 --size recs=32 -o %out/k.mlir
// ERROR: struct_shared_slot_copy\.cu:15:3: error: a store of struct field 'id', which shares a 8-byte slot of 'recs' with another field, cannot be translated
// A whole-struct store into memory writes every field; two of them share an 8-byte
// slot (int id, flag after a double), and the narrow store of each is refused
// (tests/bad/cuda2hlo/struct_shared_slot_store.cu says why).
struct Rec {
  double w;
  int id;
  int flag;
};

__global__ void k(Rec *recs) {
  int i = threadIdx.x;
  Rec r = recs[(i + 1) % 32];
  recs[i] = r;
}
