// RUN: cuda2hlo %s --grid 8 --block 32 -o %out/x.mlir
// ERROR: struct_param_pointer_array\.cu:9:9: error: struct field 'l\.addr' of type 'void \*\[2\]\[4\]' is not supported
// A by-value struct parameter holding an array of pointers that a run-time value
// (here one read from another array field) picks: each pointer would be a buffer of
// its own and the pick a choice between them (ptrchoice.c), which struct parameters do
// not have yet; refused at the field (issue 13: HeCBench axpby multi_tensor_apply.cuh:15).
// The error names the field, once, before any use.
struct Lists {
  void *addr[2][4];
  int which[8];
};

__global__ void scale(Lists l, int n) {
  float *x = (float *)l.addr[0][l.which[blockIdx.x]];
  float *y = (float *)l.addr[1][l.which[blockIdx.x]];
  int i = threadIdx.x;
  if (i < n) y[i] = 2.0f * x[i];
}
