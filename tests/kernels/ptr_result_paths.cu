/* cuda2hlo-test
launch: ptr_result_paths<<<2, 64>>>(table, out, n, nt)
buffer: table i32 12x2 randint 0 13
buffer: out i32 100 zeros
scalar: n = 90
scalar: nt = 12
check: out
note: a device function whose returns on several paths (inside a loop, and after it) give
note: addresses in one buffer of structs: the address of the matching entry's value, else
note: of the last entry's; dereferenced and subscripted by the caller
*/
// A lookup table searched by key, as energy-parameter tables are: the function returns
// where the value is, and the caller reads it.
struct Entry {
  int key;
  int val;
};

__device__ const int *find(const Entry *t, int n, int key) {
  for (int i = 0; i < n; i++)
    if (t[i].key == key)
      return &t[i].val;
  return &t[n - 1].val;
}

__global__ void ptr_result_paths(const Entry *table, int *out, int n, int nt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = *find(table, nt, i % 11) * 100 + find(table, nt, (i * 7) % 13)[0];
}
