/* cuda2hlo-test
launch: ptr_choice_swap<<<2, 64>>>(a, b, u, v, steps, out, last)
buffer: a f32 128 uniform -8 8
buffer: b f32 128 zeros
buffer: u i32 128 randint -100 100
buffer: v i32 128 randint -100 100
buffer: steps i32 128 randint 0 11
buffer: out i32 128 zeros
buffer: last f32 128 zeros
check: a rtol=0 atol=0
check: b rtol=0 atol=0
check: u
check: v
check: out
check: last rtol=0 atol=0
note: pointers that swap buffers: a block-wide ping-pong (`float *r = a, *w = b;` swapped
note: through a third pointer after each barrier, each step reading the neighbours of the
note: last), and per-thread pointers chosen by data then swapped a data-dependent number
note: of times (`x = s; s = sn; sn = x;`); loads, stores and a final read through the
note: chosen pointers; exact bit for bit (scalings by powers of two, integer arithmetic)
*/
__global__ void ptr_choice_swap(float *a, float *b, int *u, int *v, const int *steps, int *out, float *last) {
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;

  // A smoothing over the block, five steps: the result of each step is the input of the
  // next, the roles of a and b exchanged after the barrier.
  float *r = a, *w = b;
  for (int k = 0; k < 5; k++) {
    float left = t > 0 ? r[i - 1] : 0.0f;
    float right = t + 1 < (int)blockDim.x ? r[i + 1] : 0.0f;
    w[i] = 0.5f * r[i] + 0.25f * (left + right);
    __syncthreads();
    float *tmp = r;
    r = w;
    w = tmp;
  }
  last[i] = r[i] - w[i];

  // Each thread's own element of u and v, read from one and written into the other as
  // many times as its step count says, starting from a parity of the count.
  int *s, *sn, *x;
  if (steps[i] & 1) {
    s = u;
    sn = v;
  } else {
    s = v;
    sn = u;
  }
  for (int k = 0; k < (steps[i] >> 1); k++) {
    sn[i] = s[i] * 3 + k;
    x = s;
    s = sn;
    sn = x;
  }
  out[i] = s[i];
  sn[i] = -1;
}
