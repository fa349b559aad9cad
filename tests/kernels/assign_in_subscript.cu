/* cuda2hlo-test
launch: gather_assign<<<3, 64>>>(x, idx, y, w, n)
launch: scatter_assign<<<3, 64>>>(x, y2, w2, n)
launch: atomic_assign<<<3, 64>>>(idx, h, w3, n)
launch: nested_assign<<<3, 64>>>(x, idx, y4, w4, n)
launch: cond_assign<<<3, 64>>>(idx, w5, n)
buffer: x f32 200 uniform -1 1
buffer: idx i32 200 randint 0 200
buffer: y f32 200 zeros
buffer: w i32 200 zeros
buffer: y2 f32 200 zeros
buffer: w2 i32 200 zeros
buffer: h i32 16 zeros
buffer: w3 i32 200 zeros
buffer: y4 f32 200 zeros
buffer: w4 i32 200 zeros
buffer: w5 i32 200 zeros
scalar: n = 181
check: y
check: w
check: y2
check: w2
check: h
check: w3
check: y4
check: w4
check: w5
*/
// A variable assigned inside a subscript (`x[k = idx[i]]`): the subscript's value is the
// assigned one, and the variable keeps it afterwards. In a load, a store's subscript, an
// atomic's address, nested in another subscript and in a guard; a compound assignment
// too. The affine raise once read such an assignment as a store and crashed on its
// missing index (src/raise/affine_subst.c); the kernels now go to the SIMT strategy.
__global__ void gather_assign(const float *x, const int *idx, float *y, int *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = 0;
  if (i < n) y[i] = x[k = idx[i]];
  if (i < n) w[i] = k * 2 + 1;
}

// 7 is prime to n, so (7 i) % n is a permutation: no two threads store one element
__global__ void scatter_assign(const float *x, float *y, int *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = -1, m = i;
  if (i < n) {
    y[k = (7 * i) % n] = x[i];
    w[i] = k + 1000 * (x[(m += 3) % n] > 0.0f) + 10000 * m;
  }
}

__global__ void atomic_assign(const int *idx, int *h, int *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = 0;
  if (i < n) {
    atomicAdd(&h[k = idx[i] % 16], 1);
    w[i] = k;
  }
}

__global__ void nested_assign(const float *x, const int *idx, float *y, int *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = 0, j = 0;
  if (i < n) {
    y[i] = x[k = idx[j = n - 1 - i]];
    w[i] = k * 1000 + j;
  }
}

// the guard's assignment sets k where i < n only (&& is lazy)
__global__ void cond_assign(const int *idx, int *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = -5;
  if (i < n && (k = idx[i]) > 50)
    w[i] = k;
  else if (i < n)
    w[i] = k - 1000;
}
