// RUN: cuda2hlo %s --grid 1 --block 32 --size recs=32 --size out=32 -o %out/k.mlir
// ERROR: struct_shared_slot_store\.cu:20:3: error: a store into part of a 8-byte element of 'recs' cannot be translated: two threads write parts of one element \(block \(0,0,0\) thread \(\d+,0,0\) here and block \(0,0,0\) thread \(\d+,0,0\) at the other store\)
// ERROR: struct_shared_slot_store\.cu:19:3: note: the other store
// Two ints share an 8-byte slot of a struct of doubles in memory: reads of either are
// exact (tests/kernels/struct_shared_slot.cu), but a store of one rewrites half of a
// slot whose other half another thread may store at the same time (here it does): the
// raise finds the two threads and refuses the later store (race.c part_store). A thread
// that stores only its own record's fields is translated (tests/kernels/struct_bitfield.cu).
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
