/* cuda2hlo-test
launch: transpose<<<dim3(2, 1), dim3(16, 16)>>>(in, out, rows, cols)
buffer: in f32 384 uniform -1 1
buffer: out f32 384 zeros
scalar: rows = 16
scalar: cols = 24
check: out
note: raise strategy 2 golden: the read is a permutation of the write (a transpose of the reshaped input)
*/
__global__ void transpose(const float *in, float *out, int rows, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
}
