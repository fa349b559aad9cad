// RUN: cuda2hlo %s --grid 1 --block 32 --size c=16 -o %out/k.mlir
// ERROR: bitfield_shared_word\.cu:18:5: error: a store into part of a 4-byte element of 'c' cannot be translated: two threads write parts of one element \(block \(0,0,0\) thread \(\d+,0,0\) here and block \(0,0,0\) thread \(\d+,0,0\) at the other store\)
// ERROR: bitfield_shared_word\.cu:16:5: note: the other store
// Two threads write the two bit-fields of one word (an even thread hits, the next odd
// thread tag): each store is the word's read-modify-write, so one would lose the other's
// bits; refused at the store (adjacent bit-fields are one memory location in C++
// [intro.memory], so this is a data race on the GPU too).
struct Counter {
  unsigned hits : 5;
  unsigned tag : 27;
};

__global__ void mark(Counter *c) {
  int i = threadIdx.x;
  if (i % 2 == 0)
    c[i / 2].hits = i;
  else
    c[i / 2].tag = i;
}
