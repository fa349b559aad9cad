// RUN: cuda2hlo %s --grid 1 --block 32 --size c=32 -o %out/k.mlir
// ERROR: bitfield_incdec\.cu:12:3: error: an increment of a bit-field cannot be translated
// ++ and -- of a bit-field (which would wrap at its width) are refused; an assignment or a
// compound assignment (`c[i].hits += 1`) is translated (tests/kernels/struct_bitfield.cu).
struct Counter {
  unsigned hits : 5;
  unsigned tag : 27;
};

__global__ void count(Counter *c) {
  int i = threadIdx.x;
  c[i].hits++;
}
