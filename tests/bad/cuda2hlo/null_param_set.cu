// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --set out=1 --set n=64 -o %out
// ERROR: null_param_set\.cu:9:29: error: --set out=1: a pointer parameter can only be set to 0 \(null\)
// `--set P=0` binds pointer parameter P to null (what cuda2hlo-cc's launch passes for a
// null argument, src/frontend/kernel.c null_param): any other value is refused at the
// parameter. (A store through it is refused where it is made: tests/cudart/bad_null_arg.cu;
// tests of it are constants: tests/cudart/ok_null_arg.cu.)
__global__ void copy(const float *x,

                     float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && out) out[i] = x[i];
}
