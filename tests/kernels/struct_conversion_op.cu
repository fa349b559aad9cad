/* cuda2hlo-test
launch: scaled<<<2, 64>>>(d{num=7, shift=1}, x, out)
buffer: x i32 128 randint -1000 1000
buffer: out i32 256 zeros
check: out
*/
// A class with a user conversion operator, passed by value to the kernel: `(int)d` and
// `float(d)` call `operator int() const` / `operator float() const`, whose bodies are
// inlined like any method.
struct fixed {
  int num, shift;
  __host__ __device__ operator int() const { return num << shift; }
  __host__ __device__ operator float() const { return (float)num / (float)(1 << shift); }
};

__global__ void scaled(fixed d, const int *x, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = (int)d;
  out[2 * i] = x[i] / k;
  out[2 * i + 1] = (int)(float(d) * (float)x[i]);
}
