/* cuda2hlo-test
launch: find_exact<<<4, 64>>>(row_ptr, keys, pos, hits, n)
buffer: row_ptr i32 201 file data/csr_row_ptr.npy
buffer: keys i32 256 randint 0 1102
buffer: pos i32 256 const -9
buffer: hits i32 256 const -9
scalar: n = 201
check: pos rtol=0 atol=0
check: hits rtol=0 atol=0
note: a binary search whose trip count depends on the key (a data-dependent while) and
note: which returns from inside the loop when it meets the key (some keys are in the
note: array, some not): the index found, or -1 after the loop; the steps it took
note: counted through a pointer argument
*/
// A return from inside a data-dependent while loop of an inlined device function.
__device__ int search(const int *a, int n, int key, int *steps) {
  int lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    int v = a[mid];
    *steps += 1;
    if (v == key)
      return mid;
    if (v < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

__global__ void find_exact(const int *row_ptr, const int *keys, int *pos, int *hits, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int steps = 0;
  int p = search(row_ptr, n, keys[t], &steps);
  pos[t] = p;
  hits[t] = steps * 1000 + (p >= 0 ? row_ptr[p] : -1);
}
