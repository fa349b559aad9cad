/* cuda2hlo-test
launch: table_fill<<<2, 32>>>(keys, out, n)
buffer: keys i32 64*6 randint 0 5
buffer: out i32 64*2 zeros
scalar: n = 60
check: out rtol=0 atol=0
note: a device function that keeps a small table's length through a pointer to the
note: caller's scalar variable and uses it as a one-element array: p[0] read, assigned,
note: incremented and compound-assigned; exact
*/
// A per-thread table of distinct keys with counts, its length passed by address as in
// reference-counting walks of logic networks.
__device__ int add_key(int key, int *len, int *ids, int *cnt) {
  for (int i = 0; i < len[0]; i++)
    if (ids[i] == key)
      return ++cnt[i];
  if (len[0] == 4)
    return 0;
  ids[len[0]] = key;
  cnt[len[0]] = 1;
  len[0]++;
  return 1;
}

__device__ void scale_len(int *p, int best) {
  p[0] *= 10;
  p[0] += best;
}

__global__ void table_fill(const int *keys, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int len = 0, ids[4] = {-1, -1, -1, -1}, cnt[4] = {0, 0, 0, 0}, best = 0;
  for (int k = 0; k < 6; k++) {
    int c = add_key(keys[6 * i + k], &len, ids, cnt);
    best = c > best ? c : best;
  }
  scale_len(&len, best);
  out[2 * i] = len;
  out[2 * i + 1] = ids[0] * 100 + cnt[0];
}
