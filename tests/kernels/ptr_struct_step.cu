/* cuda2hlo-test
launch: ptr_struct_step<<<2, 32>>>(keys, lengths, out, n)
buffer: keys u32 64*16 randint 0 4000000000
buffer: lengths u32 64 randint 0 61
buffer: out u32 64 zeros
scalar: n = 60
check: out rtol=0 atol=0
note: a pointer to a struct of three words over a buffer of words advanced with
note: `v = *k++` inside a loop body (three elements a step), and `--q`, `q++` as
note: statements of their own
*/
// Words of each thread's key read three at a time through a uint3 pointer, the way
// hash functions walk a key in 12-byte blocks.
__global__ void ptr_struct_step(const unsigned int *keys, const unsigned int *lengths,
                                unsigned int *out, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n) return;
  unsigned int length = lengths[id];
  auto k = (const uint3 *)(keys + id * 16);
  unsigned int a = 0x9e3779b9u + length, b = a, c = a;
  uint3 v;
  while (length > 12) {
    v = *k++;
    a += v.x;
    b ^= v.y;
    c += v.z * 3u;
    a -= c; a ^= (c << 4) | (c >> 28); c += b;
    length -= 12;
  }
  a += k->x & 0xffffu;
  const uint3 *q = k;
  --q;                                  // back to the block before the last one
  q++;
  unsigned int wy = (*q++).y;
  out[id] = a ^ (b + wy) ^ ((c + q[-1].z) << 7);
}
