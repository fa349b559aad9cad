// blackscholes: European call and put prices for N options (expf, logf, sqrtf and a
// polynomial normal CDF), risk-free rate and volatility in __constant__ memory; checked
// against the same formulas in double on the CPU. Usage: blackscholes [N]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) if ((x) != cudaSuccess) { printf("CUDA failure at line %d\n", __LINE__); return 1; }

__constant__ float market[2];   // r, sigma

__device__ float cnd(float d) {
  const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f, a5 = 1.330274429f;
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = 0.3989422804f * expf(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0 ? 1.0f - c : c;
}

__global__ void price(const float *S, const float *X, const float *T, float *call, float *put, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float r = market[0], v = market[1];
  float sq = sqrtf(T[i]);
  float d1 = (logf(S[i] / X[i]) + (r + 0.5f * v * v) * T[i]) / (v * sq);
  float d2 = d1 - v * sq;
  float e = expf(-r * T[i]);
  call[i] = S[i] * cnd(d1) - X[i] * e * cnd(d2);
  put[i] = X[i] * e * (1.0f - cnd(d2)) - S[i] * (1.0f - cnd(d1));
}

static double cnd_ref(double d) {
  const double a1 = 0.31938153, a2 = -0.356563782, a3 = 1.781477937, a4 = -1.821255978, a5 = 1.330274429;
  double k = 1.0 / (1.0 + 0.2316419 * fabs(d));
  double c = 0.3989422804 * exp(-0.5 * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0 ? 1.0 - c : c;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4000;
  size_t b = n * sizeof(float);
  float *S = (float *)malloc(b), *X = (float *)malloc(b), *T = (float *)malloc(b);
  float *C = (float *)malloc(b), *P = (float *)malloc(b);
  for (int i = 0; i < n; i++) {
    S[i] = 5.0f + 25.0f * (float)(i % 97) / 97.0f;
    X[i] = 1.0f + 99.0f * (float)(i % 89) / 89.0f;
    T[i] = 0.25f + 9.75f * (float)(i % 83) / 83.0f;
  }
  float m[2] = {0.02f, 0.30f};
  CHECK(cudaMemcpyToSymbol(market, m, sizeof m));
  float *dS, *dX, *dT, *dC, *dP;
  CHECK(cudaMalloc(&dS, b)); CHECK(cudaMalloc(&dX, b)); CHECK(cudaMalloc(&dT, b));
  CHECK(cudaMalloc(&dC, b)); CHECK(cudaMalloc(&dP, b));
  CHECK(cudaMemcpy(dS, S, b, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dX, X, b, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dT, T, b, cudaMemcpyHostToDevice));
  price<<<(n + 127) / 128, 128>>>(dS, dX, dT, dC, dP, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(C, dC, b, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(P, dP, b, cudaMemcpyDeviceToHost));
  double maxerr = 0;
  for (int i = 0; i < n; i++) {
    double sq = sqrt((double)T[i]), r = m[0], v = m[1];
    double d1 = (log((double)S[i] / X[i]) + (r + 0.5 * v * v) * T[i]) / (v * sq), d2 = d1 - v * sq;
    double e = exp(-r * T[i]);
    double c = S[i] * cnd_ref(d1) - X[i] * e * cnd_ref(d2), p = X[i] * e * (1 - cnd_ref(d2)) - S[i] * (1 - cnd_ref(d1));
    maxerr = fmax(maxerr, fmax(fabs(C[i] - c), fabs(P[i] - p)));
  }
  printf("max abs error %.3g\n%s\n", maxerr, maxerr < 1e-3 ? "PASS" : "FAIL");
  free(S); free(X); free(T); free(C); free(P);
  return maxerr < 1e-3 ? 0 : 1;
}
