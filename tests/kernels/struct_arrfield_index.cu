/* cuda2hlo-test
launch: struct_arrfield_index<<<4, 64>>>(out, in, dims, n)
buffer: out i32 256*3 zeros
buffer: in i32 4096 randint -1000 1000
buffer: dims i32 256*3 randint 1 9
scalar: n = 250
check: out
note: a struct holding two index arrays (sizes and strides) filled and read at run-time
note: indices by its methods, as a tensor accessor keeps them; a copy of the struct keeps
note: its arrays; exact
*/
// Tensor accessors hold `sizes_[N]` and `strides_[N]` in one struct and index them with
// the dimension a loop is at.
template <int N>
struct Shape {
  int sizes_[N];
  int strides_[N];
  __device__ void set(const int *d) {
    int s = 1;
    for (int k = N - 1; k >= 0; k--) {
      sizes_[k] = d[k];
      strides_[k] = s;
      s *= d[k];
    }
  }
  __device__ int size(int k) const { return sizes_[k]; }
  __device__ int offset(int flat) const {
    int off = 0;
    for (int k = N - 1; k >= 0; k--) {
      off += (flat % sizes_[k]) * strides_[k];
      flat /= sizes_[k];
    }
    return off;
  }
};

__device__ int numel(const Shape<3> &s) {
  int m = 1;
  for (int k = 0; k < 3; k++) m *= s.size(k);
  return m;
}

__global__ void struct_arrfield_index(int *out, const int *in, const int *dims, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  Shape<3> a;
  a.set(&dims[3 * t]);
  Shape<3> b;
  b = a;
  b.sizes_[t % 3] += 1;
  int m = numel(a);
  out[3 * t] = m;
  out[3 * t + 1] = in[a.offset((t * 7) % m) + (t % 8) * 512] + b.offset(t % numel(b));
  out[3 * t + 2] = b.strides_[t % 3] * 100 + b.sizes_[(t + 1) % 3];
}
