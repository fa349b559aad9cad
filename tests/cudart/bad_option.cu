// expect-cc-exit: 2
// expect-stderr: unknown option '--no-such-nvcc-flag'
// cc-flags: --no-such-nvcc-flag
// An option nvcc does not have is refused by name, never ignored.
__global__ void k(float *x) { x[threadIdx.x] = 0; }
int main() { return 0; }
