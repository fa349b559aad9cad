// RUN-FLAGS: -p tests/golden/compdb --grid 1 --block 32 --size x=32
// -p compile_commands.json: the entry for this file gives -DSCALE=2 and an -I folder
// (the database's directory "." is the repository root, where the runner works).
#ifndef SCALE
#error SCALE comes from the compilation database
#endif
#include "compdb_offset.h"
__global__ void scaled(float *x) { x[threadIdx.x] = x[threadIdx.x] * SCALE + OFFSET; }
