/* cuda2hlo-test
launch: row_scale<float, 2><<<6, 32>>>(src, dst, w, cols)
launch: row_walk<int><<<3, 16>>>(isrc, idst, cols)
buffer: src f32 6*40 uniform -1 1
buffer: dst f32 6*40 zeros
buffer: w f32 6 uniform 0.5 2
buffer: isrc i32 3*40 randint -100 100
buffer: idst i32 3*40 zeros
scalar: cols = 40
check: dst
check: idst
note: template kernels advance their pointer parameters (T*) to a block's row, with an operator+= overload in scope
*/
// Kernel templates that advance pointer parameters of a dependent type, as templated
// library kernels do (`in += row * cols;`). With an overloaded operator+= visible where
// the template is defined, clang keeps `in += k` in the template as an unresolved
// operator call; its instances are plain pointer arithmetic.
struct acc2 {
  float a, b;
};

__device__ void operator+=(acc2 &x, float v) {
  x.a += v;
  x.b += v * v;
}

// p moves by a computed offset, and by one in a device function template.
template <typename T>
__device__ T sum_from(const T *p, int n) {
  T s = 0;
  for (int i = 0; i < n; i++) {
    s += *p;
    ++p;
  }
  return s;
}

template <typename T, int S>
__global__ void row_scale(const T *in, T *out, const T *w, int cols) {
  long row = blockIdx.x;
  in += row * cols;
  out = out + row * cols;
  w += row;
  acc2 st = {0.0f, 0.0f};
  for (int j = 0; j < cols; j++) st += (float)in[j];
  for (int j = threadIdx.x; j < cols; j += blockDim.x)
    out[j] = S * w[0] * in[j] + (T)(st.a / cols) + sum_from(in, 4);
}

template <typename T>
__global__ void row_walk(const T *in, T *out, int cols) {
  in += blockIdx.x * cols;
  out += blockIdx.x * cols;
  int t = threadIdx.x;
  in++;
  out++;
  in += t;
  out += t;
  for (int j = t + 1; j < cols; j += blockDim.x)
    out[j - t - 1] = in[j - t - 1] - in[-t - 1];
  out -= 1;
  if (t == 0) *out = 7;
}

int main() {
  float *a = 0, *b = 0, *c = 0;
  int *p = 0, *q = 0;
  row_scale<float, 2><<<6, 32>>>(a, b, c, 40);
  row_walk<int><<<3, 16>>>(p, q, 40);
  return 0;
}
