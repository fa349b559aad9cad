// RUN: cuda2hlo %s -p %S/compdb_response_file_loop --grid 1 --block 32 --size x=32 -o %out/x.mlir
// ERROR: cuda2hlo: error: response file '.*self\.rsp' in the compilation database entry for '.*' nests more than 8 deep
// A response file that names itself (@self.rsp) is refused, not followed forever.
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
