// saxpy over n floats: y = a x + y, one thread per element, the last block partly idle
// when n is not a multiple of the block size.
//   cuda2hlo saxpy.cu --grid 65536 --block 256 --size x=16777216 --size y=16777216
//            --set n=16777216 --set a=2.5        (bench/run.sh passes these)
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
