// nbody: all-pairs gravitational accelerations with softening (rsqrtf), then a leapfrog
// update of velocities and positions, for a few steps with the time step dt changing each
// step (a float scalar: no recompilation); checked against the CPU. Usage: nbody [N STEPS]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s\n", cudaGetErrorString(e)); return 1; } } while (0)
#define SOFT 0.01f

__global__ void accel(const float *px, const float *py, const float *pz, const float *m,
                      float *ax, float *ay, float *az, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float fx = 0, fy = 0, fz = 0;
  for (int j = 0; j < n; j++) {
    float dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
    float inv = rsqrtf(dx * dx + dy * dy + dz * dz + SOFT);
    float s = m[j] * inv * inv * inv;
    fx += dx * s; fy += dy * s; fz += dz * s;
  }
  ax[i] = fx; ay[i] = fy; az[i] = fz;
}

__global__ void kick_drift(float *p, float *v, const float *a, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { v[i] += dt * a[i]; p[i] += dt * v[i]; }
}

int main(int argc, char **argv) {
  int n = argc > 2 ? atoi(argv[1]) : 256, steps = argc > 2 ? atoi(argv[2]) : 4;
  size_t b = n * sizeof(float);
  float *h[7], *d[10], *ref[10];
  for (int k = 0; k < 10; k++) { CK(cudaMalloc(&d[k], b)); ref[k] = (float *)calloc(n, 4); }
  for (int k = 0; k < 7; k++) h[k] = ref[k];
  for (int i = 0; i < n; i++) {
    ref[0][i] = cosf(i * 0.37f) * (1 + i % 7); ref[1][i] = sinf(i * 0.91f) * (1 + i % 5);
    ref[2][i] = 0.1f * (i % 11); ref[3][i] = 1.0f + (i % 3);
  }
  for (int k = 0; k < 7; k++) CK(cudaMemcpy(d[k], h[k], b, cudaMemcpyHostToDevice));   // p xyz, m, v xyz
  for (int s = 0; s < steps; s++) {
    float dt = 0.001f * (s + 1);
    accel<<<(n + 63) / 64, 64>>>(d[0], d[1], d[2], d[3], d[7], d[8], d[9], n);
    for (int c = 0; c < 3; c++) kick_drift<<<(n + 63) / 64, 64>>>(d[c], d[4 + c], d[7 + c], dt, n);
    for (int i = 0; i < n; i++) {
      double f[3] = {0, 0, 0};
      for (int j = 0; j < n; j++) {
        float dx = ref[0][j] - ref[0][i], dy = ref[1][j] - ref[1][i], dz = ref[2][j] - ref[2][i];
        double inv = 1.0 / sqrt((double)dx * dx + (double)dy * dy + (double)dz * dz + SOFT);
        double sc = ref[3][j] * inv * inv * inv;
        f[0] += dx * sc; f[1] += dy * sc; f[2] += dz * sc;
      }
      for (int c = 0; c < 3; c++) ref[7 + c][i] = (float)f[c];
    }
    for (int c = 0; c < 3; c++)
      for (int i = 0; i < n; i++) { ref[4 + c][i] += dt * ref[7 + c][i]; ref[c][i] += dt * ref[4 + c][i]; }
  }
  CK(cudaGetLastError());
  int bad = 0;
  float *got = (float *)malloc(b);
  for (int c = 0; c < 3; c++) {
    CK(cudaMemcpy(got, d[c], b, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) if (fabsf(got[i] - ref[c][i]) > 1e-3f * (1 + fabsf(ref[c][i]))) bad++;
  }
  printf("%d bodies, %d steps, %d wrong\n%s\n", n, steps, bad, bad ? "FAIL" : "PASS");
  for (int k = 0; k < 10; k++) free(ref[k]);
  free(got);
  return bad != 0;
}
