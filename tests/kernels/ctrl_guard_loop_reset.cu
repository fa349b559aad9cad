/* cuda2hlo-test
launch: ctrl_guard_loop_reset<<<6, 128>>>(out, last, x, flag)
buffer: out f32 768 zeros
buffer: last i32 768 zeros
buffer: x f32 600 uniform -1 1
buffer: flag i32 6 randint 0 2
check: out rtol=1e-5 atol=1e-6
check: last
note: a block-strided loop under a data-dependent guard leaves its index thread-dependent;
note: the index is then set again in the guard (`w = t;`) and read by a second loop: the
note: value is known on the guard's lanes only, and forgotten when the guard closes
note: (affine_subst.c aff_set_var, aff_forget_deeper): the else branch and the read after
note: the guard see each lane's own value (t + 1 where the guard was false). main crashed
note: (signal 11: a select with no value for the lanes off the guard)
*/
__global__ void ctrl_guard_loop_reset(float *out, int *last, const float *x, const int *flag) {
  __shared__ float s[100];
  int bx = blockIdx.x;
  int t = threadIdx.x;
  int w = t + 1;
  if (flag[bx] > 0) {
    while (w <= 100) {
      s[w - 1] = x[bx * 100 + w - 1];
      w = w + 128;
    }
    w = t;
    __syncthreads();
    float acc = 0.0f;
    while (w < 100) {
      acc += s[w] * s[(w + 1) % 100];
      w = w + 128;
    }
    out[bx * 128 + t] = acc;
    w = t;
  } else {
    out[bx * 128 + t] = (float)w;
  }
  last[bx * 128 + t] = w;
}
