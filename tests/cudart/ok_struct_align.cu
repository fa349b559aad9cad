// expect-exit: 0
// expect-stdout: PASS
// expect-no-stderr: error
// An array of structs that hold CUDA vector types, filled on the host and read and written
// by a kernel: the device side must lay Body out as the host does (float4 aligned to 16
// bytes, so m at 0, v at 16, w at 32 and 48 bytes in all; a double2 in Pair at 16). The
// host computes the expected values from its own copy of the data.
#include <cstdio>
#include <cuda_runtime.h>
struct Body {
  float m;
  float4 v;
  float2 w;
};
struct Pair {
  char c;
  double2 d;
};
__global__ void step(Body *b, const Pair *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    b[i].v.x += b[i].m * b[i].w.y;
    b[i].w.x = (float)(q[i].d.y - q[i].d.x) + (float)q[i].c;
  }
}
int main() {
  const int n = 100;
  static_assert(sizeof(Body) == 48 && sizeof(Pair) == 32, "the toolkit's layout");
  Body h[n], r[n];
  Pair p[n];
  for (int i = 0; i < n; i++) {
    h[i].m = 0.5f * i;
    h[i].v = make_float4(i, -i, 2 * i, 3);
    h[i].w = make_float2(7, 0.25f * i);
    p[i].c = (char)(i % 7);
    p[i].d = make_double2(i, 3.0 * i);
  }
  Body *db;
  Pair *dq;
  cudaMalloc(&db, sizeof h);
  cudaMalloc(&dq, sizeof p);
  cudaMemcpy(db, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(dq, p, sizeof p, cudaMemcpyHostToDevice);
  step<<<(n + 63) / 64, 64>>>(db, dq, n);
  cudaMemcpy(r, db, sizeof r, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    float vx = h[i].v.x + h[i].m * h[i].w.y;
    float wx = (float)(p[i].d.y - p[i].d.x) + (float)p[i].c;
    if (r[i].v.x != vx || r[i].w.x != wx || r[i].v.y != h[i].v.y || r[i].v.w != h[i].v.w ||
        r[i].m != h[i].m || r[i].w.y != h[i].w.y)
      bad++;
  }
  cudaFree(db);
  cudaFree(dq);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
