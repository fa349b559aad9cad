// RUN-FLAGS: -p tests/golden/err/no_such_folder
// -p names a folder without a compile_commands.json.
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
