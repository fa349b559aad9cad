/* cuda2hlo-test
launch: constant_const_ref<<<2, 64>>>(out, in, n)
constant: table i32 64 randint -1000 1000
constant: gain f32 1 uniform 0.5 2
buffer: out i32 128 zeros
buffer: in f32 128 uniform -1 1
scalar: n = 120
check: out rtol=0 atol=0
note: elements of __constant__ memory passed to `const T &` parameters, directly and
note: through a local pointer cast from the array (`int *p = (int *)table`), as
note: benchmarks walk constant memory; only reads, so the reference reads the value
*/
// A __constant__ table read through references to its elements: nothing in the kernel
// can change __constant__ memory, so each reference reads the element's value.
__constant__ int table[64];
__constant__ float gain;

__device__ void add_to(int &acc, const int &v) { acc += v; }
__device__ int twice(const int &v) { return v + v; }
__device__ float scaled(const float &g, float x) { return g * x; }

__global__ void constant_const_ref(int *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int *p = (int *)table;          // a pointer into __constant__ memory, only read
  int acc = 0;
  for (int j = 0; j < 8; j++)
    add_to(acc, p[(i + 3 * j) % 64]);
  add_to(acc, *p);
  acc += twice(table[i % 64]);
  out[i] = acc + (int)(100.0f * scaled(gain, in[i]));
}
