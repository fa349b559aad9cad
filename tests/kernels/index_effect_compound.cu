/* cuda2hlo-test
launch: index_effect_compound<<<2, 64>>>(out, in)
buffer: out i32 128*4 zeros
buffer: in i32 128 randint -1000 1000
check: out rtol=0 atol=0
note: compound assignments whose index has effects (`a[j++ & 3] += v`, nested, in a
note: loop) evaluate the index once, as C++ does: each thread's four counters in a local
note: array, then written out; exact
*/
__global__ void index_effect_compound(int *out, const int *in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int a[4] = {0, 0, 0, 0};
  int j = in[t] & 7;
  for (int i = 0; i < 6; i++)
    a[j++ & 3] += in[(t + i) % 128];
  a[j++ & 3] *= 3;
  a[(j += 2) & 3] -= 5;
  for (int k = 0; k < 4; k++)
    out[t * 4 + k] = a[k] + j;
}
