// RUN-FLAGS: --grid 1 --block 32 --size A=4096 --size idx=32 --set n=64
// Pointer locals: the offset of `A + i*n` is substituted at its uses when it is pure and
// its operands never change (i, n); it stays in an offset variable when an operand is
// changed later (k), when it reads memory (idx[i]), and for a reference to an element
// whose index variable changes (j).
__global__ void ptr_fold(float *A, const int *idx, int n) {
  int i = threadIdx.x;
  float *row = A + i * n;
  row[1] = row[0];
  int k = i;
  float *p = A + k;
  k++;
  p[2] = (float)k;
  float *q = A + idx[i];
  q[3] = 1.0f;
  int j = i + 1;
  float &r = A[j];
  j = 0;
  r = (float)j;
}
