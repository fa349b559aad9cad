/* cuda2hlo-test
launch: transpose_batch<<<dim3(2, 1, 6), dim3(16, 16)>>>(in, out, rows, cols)
buffer: in i32 1728 iota
buffer: out i32 1728 zeros
scalar: rows = 12
scalar: cols = 24
check: out
note: blockIdx.z selects the matrix of a batch of 6 (12 x 24 each)
*/
// Batched integer transpose: the third grid dimension is the batch.
__global__ void transpose_batch(const int *in, int *out, int rows, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int b = blockIdx.z;
  if (r < rows && c < cols) {
    int base = b * rows * cols;
    out[base + c * rows + r] = in[base + r * cols + c];
  }
}
