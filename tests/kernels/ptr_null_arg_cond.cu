/* cuda2hlo-test
launch: with_mask<<<2, 64>>>(ids, mask, out, n)
launch: no_mask<<<2, 64>>>(ids, out2, n)
buffer: ids i32 128 randint -5 5
buffer: mask i32 64 randint 0 2
buffer: out i32 128 zeros
buffer: out2 i32 128 zeros
scalar: n = 120
check: out
check: out2
note: launch 1 passes nullptr for mask and map, read only in the `?:` arm a test of them never takes
*/
// Optional pointer parameters read in an arm of `?:` whose test is the pointer
// (`mask == nullptr ? 1 : mask[i / 2]`, `map ? map[e] : e`), called with buffers and
// with a literal nullptr: there the test folds to a constant and only the arm it takes
// is translated (HeCBench moe-align-cuda main.cu:178, token_mask).
__device__ void scale(const int *ids, const int *mask, const int *map, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int e = ids[i];
  int m = mask == nullptr ? 1 : mask[i / 2];
  int f = map ? map[(e + 5) % 8] : e - 1;
  out[i] = e * m + f * 10 + (nullptr != mask ? 1000 : 0);
}

__global__ void with_mask(const int *ids, const int *mask, int *out, int n) {
  scale(ids, mask, mask, out, n);
}

__global__ void no_mask(const int *ids, int *out, int n) {
  scale(ids, nullptr, nullptr, out, n);
}
