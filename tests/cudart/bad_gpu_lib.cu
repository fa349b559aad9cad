// expect-cc-exit: 1
// expect-stderr: -lcusparse: cuSPARSE runs on an NVIDIA GPU and is not provided by cuda2hlo
// cc-flags: -lm -lcudart -lcusparse -lcublas
// A library of the toolkit that runs on the GPU through NVIDIA's own runtime (cuBLASLt,
// cuSPARSE, cuFFT, cuRAND, cuSOLVER, ...) is refused at the link, naming it: linked as it
// is, each call would fail at run time (no driver) or leave its output unwritten.
// Other libraries pass (-lm; -lcudart is ours): the first refused one is named.
#include <cusparse.h>
__global__ void k(float *x) { x[threadIdx.x] = 0; }
int main() {
  cusparseHandle_t h;
  return cusparseCreate(&h) != CUSPARSE_STATUS_SUCCESS;
}
