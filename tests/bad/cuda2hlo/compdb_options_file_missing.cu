// RUN: cuda2hlo %s -p %S/compdb_options_file_missing --grid 1 --block 32 --size x=32 -o %out/x.mlir
// ERROR: cuda2hlo: error: cannot read response file '.*compdb_options_file_missing/missing\.rsp' of the compilation database entry
// The entry's include paths are in a response file (CMake's --options-file for nvcc)
// that is not there: parsing without them would parse another program.
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
