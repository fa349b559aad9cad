// RUN: cuda2hlo %s -I %out --grid 1 --block 32 --size x=32 --size y=32 -o %out/keep
// ERROR: output_is_included_header\.cu:6:10: error: -o '.*keep' is '.*keep', which the input includes: refusing to overwrite it
// -o naming a file the input #includes (here the output folder's `keep`, found through
// -I): the module would replace the header. Was: converted and overwrote it (its text is
// not C, but an error outside the kernel does not stop a conversion).
#include "keep"
#include "saxpy.cuh"
