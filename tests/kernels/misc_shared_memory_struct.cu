/* cuda2hlo-test
launch: reverse_sum<<<4, 64, 256>>>(in, out, n)
buffer: in f32 256 uniform -1 1
buffer: out f32 256 zeros
scalar: n = 250
check: out
note: 256 bytes of dynamic shared memory: 64 floats per block
*/
// The SharedMemory<T> idiom of the CUDA samples: a struct whose conversion operator
// returns the kernel's extern __shared__ array as a T*; each block reverses its slice
// through it.
template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

__global__ void reverse_sum(const float *in, float *out, int n) {
  float *s = SharedMemory<float>();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (i < n) out[i] = s[blockDim.x - 1 - threadIdx.x] + 0.5f * s[threadIdx.x];
}
