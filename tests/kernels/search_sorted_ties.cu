/* cuda2hlo-test
launch: ties<<<2, 128>>>(row_ptr, desc, nanv, q, at, n)
buffer: row_ptr i32 201 file data/csr_row_ptr.npy
buffer: desc i32 300 file data/search_desc.npy
buffer: nanv f32 300 file data/search_nan.npy
buffer: q i32 256 randint -20 1600
buffer: at i32 768 zeros
scalar: n = 200
check: at
*/
// Search loops (src/raise/affine_search.c) over buffers with runs of equal values, sorted
// the other way, or not sorted because of a NaN. row_ptr (a CSR row pointer: non-
// decreasing, empty rows repeat a value) is searched for the first entry above q, up to
// x <= n; desc is non-increasing, asked `q >= desc[x]` (desc on the right, a long
// counter from a start that depends on the thread): both leap. nanv is increasing but for
// a NaN in the middle: the check fails and the loop runs every iteration as before (with
// the check dropped, the binary search would step over the NaN and miss entries).
__global__ void ties(const int *row_ptr, const int *desc, const float *nanv, const int *q,
                     int *at, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int r = -1;
  for (int x = 0; x <= n; x++)
    if (row_ptr[x] > q[i]) {
      r = x - 1;
      break;
    }
  at[i] = r;
  int d = 300;
  for (long x = i % 3; x < 300; ++x)
    if (q[i] >= desc[x]) {
      d = (int)x;
      break;
    }
  at[256 + i] = d;
  int e = -7;
  for (int x = 0; x < 300; x++)
    if (nanv[x] >= (float)q[i] * 0.125f) {
      e = x;
      break;
    }
  at[512 + i] = e;
}
