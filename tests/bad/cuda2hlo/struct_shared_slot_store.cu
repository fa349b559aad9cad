// RUN: cuda2hlo %s --grid 1 --block 32 --size recs=32 --size out=32 -o %out/k.mlir
// ERROR: struct_shared_slot_store\.cu:17:11: error: a store through a pointer that views the f64 elements of 'recs' as i32 cannot be translated
// Two ints share an 8-byte slot of a struct of doubles in memory: reads of either are
// exact (tests/kernels/struct_shared_slot.cu), but a store of one rewrites half of a
// slot whose other half another thread may store at the same time (here it does).
// Refused at the store.
struct Rec {
  double w;
  int id;
  int flag;
};

__global__ void k(Rec *recs, double *out) {
  int i = threadIdx.x;
  out[i] = recs[i].w * recs[i].id;
  // thread i sets its record's flag while thread i - 1 sets its id, in the same slot
  recs[i].flag = 1;
  recs[(i + 1) % 32].id = i;
}
