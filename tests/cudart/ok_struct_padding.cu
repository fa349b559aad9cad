// expect-exit: 0
// expect-stdout: PASS
// expect-no-stderr: error
// Structs passed by value and through a descriptor pointer whose nested structs have
// inner padding: In is 8 bytes ({int n; char c;} and 3 bytes of tail padding), so in
// Args d sits at byte 8 (not 5), x at 12 and out at 16, and in Inner2 the double after a
// char sits at 8. The module's inputs must be read at the C layout's offsets, which
// the host computes with offsetof below.
#include <cstddef>
#include <cstdio>
#include <cuda_runtime.h>
struct In { int n; char c; };
struct Inner2 { char tag; double w; };
struct Args { In in; char d; float x; float *out; Inner2 q; short s; };
struct Desc { In in; char d; float *out; };
__global__ void fill(Args a, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m)
    a.out[i] = a.in.n * i + a.in.c + a.d + a.x + (float)a.q.w + a.q.tag + a.s;
}
__global__ void fill_desc(const Desc *p, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m)
    p->out[i] = p->in.n - i + p->in.c * p->d;
}
int main() {
  static_assert(sizeof(In) == 8 && offsetof(Args, d) == 8 && offsetof(Args, x) == 12 &&
                offsetof(Args, out) == 16 && offsetof(Args, q) == 24 && offsetof(Args, s) == 40 &&
                offsetof(Desc, out) == 16, "the C layout");
  const int m = 200;
  float *out, *out2, h[m], h2[m];
  cudaMalloc(&out, m * sizeof(float));
  cudaMalloc(&out2, m * sizeof(float));
  Args a;
  a.in.n = 3; a.in.c = 5; a.d = 7; a.x = 0.5f; a.out = out; a.q.tag = 2; a.q.w = 100.0; a.s = -9;
  fill<<<(m + 63) / 64, 64>>>(a, m);
  Desc hd;
  hd.in.n = 1000; hd.in.c = 3; hd.d = 4; hd.out = out2;
  Desc *dd;
  cudaMalloc(&dd, sizeof hd);
  cudaMemcpy(dd, &hd, sizeof hd, cudaMemcpyHostToDevice);
  fill_desc<<<(m + 63) / 64, 64>>>(dd, m);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(h2, out2, sizeof h2, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < m; i++) {
    if (h[i] != a.in.n * i + a.in.c + a.d + a.x + (float)a.q.w + a.q.tag + a.s) bad++;
    if (h2[i] != hd.in.n - i + hd.in.c * hd.d) bad++;
  }
  cudaFree(out); cudaFree(out2); cudaFree(dd);
  printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
