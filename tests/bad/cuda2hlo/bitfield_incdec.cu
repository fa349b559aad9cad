// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: bitfield_incdec\.cu:14:3: error: an increment of a bit-field of a struct variable cannot be translated
// ++ and -- of a bit-field of a struct variable (which would wrap at its width) are
// refused; an assignment or a compound assignment (`k.hits += 1`) is translated
// (tests/kernels/bitfield_local.cu), and so is ++ of a bit-field in memory
// (tests/kernels/narrow_part_incdec.cu).
struct Counter {
  unsigned hits : 5;
  unsigned tag : 27;
};

__global__ void count(unsigned *out) {
  Counter k = {31u, 0u};
  k.hits++;
  out[threadIdx.x] = k.hits;
}
