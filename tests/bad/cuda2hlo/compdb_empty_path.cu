// RUN: cuda2hlo %s -p "" --grid 1 --block 32 --size x=32 -o %out/x.mlir
// ERROR: cuda2hlo: error: cannot read compilation database '' \(no readable compile_commands.json there\)
// -p "" means this folder (the output folder, which has none); it used to write past a
// 1-byte block (ASan).
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
