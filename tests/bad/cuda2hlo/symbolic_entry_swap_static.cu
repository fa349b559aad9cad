// RUN: cuda2hlo %s --entry run --symbolic n --size un=512 -o %out/x.mlir
// ERROR: symbolic_entry_swap_static.cu:14:3: error: this loop reassigns the pointers to 'u', whose size is --symbolic, and to 'un' \(512 elements\): a loop may swap buffers of symbolic size only with each other
// A loop carries the buffers it swaps in slots of one type: a symbolic size and a static one cannot share one.
__global__ void sweep(const double *in, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i == 0 || i == n - 1)
    out[i] = in[i];
  else
    out[i] = 0.5 * in[i] + 0.25 * (in[i - 1] + in[i + 1]);
}

void run(double *u, double *un, int n) {
  for (int s = 0; s < 12; ++s) {
    sweep<<<4, 128>>>(u, un, n);
    double *t = u;
    u = un;
    un = t;
  }
}
