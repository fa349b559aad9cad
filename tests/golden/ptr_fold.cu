/* cuda2hlo-test
launch: ptr_fold<<<1, 32>>>(A, idx, n)
buffer: A f32 4096 uniform -1 1
buffer: idx i32 32 iota
scalar: n = 64
check: A
note: each pointer writes its own region of A, so no two threads write one element
*/
// Pointer locals: the offset of `A + i*n` is substituted at its uses when it is pure and
// its operands never change (i, n); it stays in an offset variable when an operand is
// changed later (k), when it reads memory (idx[i]), and for a reference to an element
// whose index variable changes (j). A loop counter changed only in its for header is
// stable inside the body (t), one changed in the body is not (u).
__global__ void ptr_fold(float *A, const int *idx, int n) {
  int i = threadIdx.x;
  float *row = A + i * n;
  row[1] = row[0];
  int k = 2048 + i;
  float *p = A + k;
  k++;
  p[0] = (float)k;
  float *q = A + 2100 + idx[i];
  q[0] = 1.0f;
  int j = 3000 + i;
  float &r = A[j];
  j = 0;
  r = (float)j + 0.5f;
  for (int t = 0; t < 2; t++) {        /* t changes only in the loop header */
    float *w = A + 3500 + 2 * i + t;
    w[0] = (float)t;
  }
  for (int u = 0; u < 2; u++) {        /* u also changes in the body: an offset variable */
    float *w = A + 3600 + 4 * i + u;
    u += 1;
    w[0] = (float)u;
  }
}
