/* cuda2hlo-test
launch: ptr_choice_arg<<<2, 64>>>(a, b, u, v, sel, out)
buffer: a f32 128 uniform -8 8
buffer: b f32 128 zeros
buffer: u i32 512 randint -100 100
buffer: v i32 512 randint -100 100
buffer: sel i32 128 randint 0 8
buffer: out i32 128 zeros
check: a rtol=0 atol=0
check: b rtol=0 atol=0
check: u
check: v
check: out
note: pointers that choose between buffers passed to device functions: the parameter
note: chooses between the same buffers by a copy of the choice (a ping-pong of two global
note: buffers whose step is a helper taking the source and the destination; a pointer
note: chosen by data passed to helpers that store through it, move it and read through
note: it); exact bit for bit (scalings by powers of two, integer arithmetic)
*/
__device__ void relax(const float *src, float *dst, int i, int t) {
  float left = t > 0 ? src[i - 1] : 0.0f;
  dst[i] = 0.5f * src[i] + 0.5f * left;
}

__device__ void bump(int *p, int k) {
  p[0] += k;
  p[1] = p[0] * 2;
}

__device__ void fill(int *p, int n, int x) {
  for (int j = 0; j < n; j++) {
    *p = x + j;
    p++;
  }
}

__device__ int pick(const int *p, int j) { return p[j]; }

__global__ void ptr_choice_arg(float *a, float *b, int *u, int *v, const int *sel, int *out) {
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;

  float *r = a, *w = b, *tmp;
  for (int k = 0; k < 4; k++) {
    relax(r, w, i, t);
    __syncthreads();
    tmp = r;
    r = w;
    w = tmp;
  }

  // Each thread's own four elements of u or v, chosen by its selector.
  int *q = sel[i] & 1 ? u + 4 * i : v + 4 * i;
  bump(q, sel[i]);
  fill(q + 2, 2, sel[i] * 10);
  out[i] = pick(q, 1) - pick(q + 2, 1);
}
