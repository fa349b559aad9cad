/* cuda2hlo-test
launch: versions<<<1, 32>>>(flags, picked, n)
buffer: flags i32 4 const -1
buffer: picked f32 32 zeros
scalar: n = 32
check: flags rtol=0 atol=0
check: picked rtol=0 atol=0
note: the toolkit's version macros as nvcc defines them: CUDART_VERSION and
note: __CUDACC_VER_MAJOR__/MINOR__ in every file, CUDA_VERSION once cuda.h is included, all
note: of one toolkit; code written for several toolkits picks a branch with
note: `#if CUDA_VERSION >= 12080` and must pick the one nvcc picks (CUDA 13 here, as in the
note: oracle); exact
*/
#include <cuda.h>

__global__ void versions(int *flags, float *picked, int n) {
  int i = threadIdx.x;
  if (i == 0) {
    flags[0] = CUDA_VERSION == CUDART_VERSION;
    flags[1] = __CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10 == CUDART_VERSION;
    flags[2] = CUDART_VERSION >= 12000;
#if defined(CUDA_VERSION) && CUDA_VERSION >= 12080
    flags[3] = 1;
#else
    flags[3] = 0;
#endif
  }
  if (i < n) {
#if CUDA_VERSION >= 12080
    picked[i] = 2.0f * i;
#else
    picked[i] = -1.0f;
#endif
  }
}
