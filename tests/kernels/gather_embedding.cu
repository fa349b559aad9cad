/* cuda2hlo-test
launch: embed<<<dim3(1, 13), dim3(32, 8)>>>(table, ids, out, rows, dim)
buffer: table f32 1600 uniform -1 1
buffer: ids i32 100 randint 0 50
buffer: out f32 3200 zeros
scalar: rows = 100
scalar: dim = 32
check: out rtol=0 atol=0
note: a 50 x 32 embedding table looked up for 100 ids
*/
// Embedding lookup: each output row copies the table row named by an id (a row gather).
__global__ void embed(const float *table, const int *ids, float *out, int rows, int dim) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < dim) out[r * dim + c] = table[ids[r] * dim + c];
}
