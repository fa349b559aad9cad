/* cuda2hlo-test
launch: lookup<<<2, 64>>>(table, keys, idx, val)
buffer: table i32 2048 randint 0 40
buffer: keys i32 128 randint 0 40
buffer: idx i32 128 const 99
buffer: val i32 2048 zeros
check: idx rtol=0 atol=0
check: val rtol=0 atol=0
note: find() is a linear search that returns from inside its loop when it finds the key
note: (or -1 after the loop); each thread searches its own row of 16 entries, stores
note: the index it found and marks the entries it looked at before finding it
*/
// A return from inside a device function's loop (inlined: a block exit in a loop).
__device__ int find(const int *row, int *seen, int key) {
  for (int j = 0; j < 16; j++) {
    seen[j] = 1;
    if (row[j] == key)
      return j;
  }
  return -1;
}

__global__ void lookup(const int *table, const int *keys, int *idx, int *val) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int f = find(table + t * 16, val + t * 16, keys[t]);
  idx[t] = f;
  if (f >= 0)
    val[t * 16 + f] = 2;
}
