// RUN: cuda2hlo %s --grid 1 --block 32 --size recs=32 -o %out/k.mlir
// ERROR: struct_shared_slot_copy\.cu:16:3: error: data race on 'recs': block \(0,0,0\) thread \(31,0,0\) writes it here and block \(0,0,0\) thread \(30,0,0\) reads it
// A whole-struct store into memory writes every field; two of them share an 8-byte slot
// (int id, flag after a double), and the slot is written whole from both (struct.c
// struct_store_at; tests/kernels/struct_slot_store.cu). Here the copy reads the next
// thread's record, which that thread overwrites in the same phase: a race, refused.
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
