/* cuda2hlo-test
launch: perm_store<<<2, 32>>>(x, out, tag)
buffer: x f32 64 uniform -1 1
buffer: out f32 64 zeros
buffer: tag i32 64 zeros
check: out
check: tag
note: golden (raise): (5 i) mod 64 is a permutation of 0..63 (5 is odd): the scatter has unique_indices = true
*/
// A store whose index is quasi-affine and injective but whose range is no union of boxes
// under any shape: a scatter alone (affine-scatter-stores) with unique_indices, which isl
// proves; the other store stays dense.
__global__ void perm_store(const float *x, float *out, int *tag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[(i * 5) % 64] = x[i] * 2.0f;
  tag[i] = i;
}
