/* cuda2hlo-test
launch: assign_sequenced<<<2, 32>>>(g, out)
buffer: g i32 256 randint 0 100
buffer: out i32 512 zeros
check: g
check: out
*/
// C++17 sequences the right operand of `=` and of a compound assignment before the left
// operand, the left's subscript included ([expr.ass]/1): here subscripts that assign or
// increment a variable the value reads, values that change what the subscript reads (a
// variable, a shared or global element), and assignments nested in both, on a local
// array, a __shared__ array, a global one and a global one through a float view. Each
// thread touches only its own four elements of s and g. (g++ 12 evaluates `x[(k = f(k)) & 3] += k * 100` left first
// when the right has no effects; clang follows C++17. Such a form is left out here.)
__global__ void assign_sequenced(int *g, int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  int gt = blockIdx.x * blockDim.x + t;
  int a[4] = {t, t + 1, t + 2, t + 3};
  int j = t;
  a[(j += 2) & 3] -= a[j-- & 3] += 5;
  int k = t & 3;
  a[k++ & 3] = k * 10;
  a[k & 3] += k++;
  int m = t;
  a[(m = m * 3 + 1) & 3] ^= (m += 7);
  a[(m >> 1) & 3] <<= (m = m & 3);
  for (int q = 0; q < 4; q++)
    s[t * 4 + q] = q + t;
  s[t * 4 + (j++ & 3)] = j;
  s[t * 4 + (j & 3)] *= (j += 3);
  s[t * 4 + (s[t * 4] & 3)] = s[t * 4] = 9;
  g[gt * 4 + (j-- & 3)] -= g[gt * 4 + (j & 3)] += j;
  g[gt * 4 + (g[gt * 4 + 1] & 3)] = g[gt * 4 + 1]++;
  g[gt * 4 + (k = (k + g[gt * 4]) & 3)] = k * 100 + g[gt * 4 + 2];
  reinterpret_cast<float *>(g)[gt * 4 + (k++ & 3)] = 0.5f * k;
  __syncthreads();
  for (int q = 0; q < 4; q++) {
    out[gt * 8 + q] = a[q];
    out[gt * 8 + 4 + q] = s[((t + 1) & 31) * 4 + q];
  }
  out[gt * 8 + 3] += k * 1000 + j * 100000;
}
