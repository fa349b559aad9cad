/* cuda2hlo-test
launch: atomic_int_view<<<4, 64>>>(cnt, bits, tick, key, out, n)
buffer: cnt i64 4 randint -9000000000000000000 9000000000000000000
buffer: bits i32 8 randint -2147483648 2147483647
buffer: tick u32 256 randint 0 4294967296
buffer: key i32 256 randint -1000 1000
buffer: out i32 256 zeros
scalar: n = 250
check: cnt rtol=0 atol=0
check: bits rtol=0 atol=0
check: out rtol=0 atol=0
note: atomics through a pointer that views integers as other integers of the same size
note: (langford's atomicAdd((unsigned long long *)p_result, 1) over int64 counters):
note: add and sub that wrap, xor and or of signed words through unsigned pointers (each
note: word takes one kind, as atomics of kinds that do not commute leave the order to the
note: GPU), an unsigned counter bumped as ints with the old value used; the same bits
*/
// Counters kept as signed 64-bit words, updated through unsigned atomics.
__global__ void atomic_int_view(long long *cnt, int *bits, unsigned *tick, const int *key, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int k = key[i];
  atomicAdd((unsigned long long *)&cnt[i & 3], (unsigned long long)(k * 1234567891LL));
  atomicAdd((unsigned long long *)cnt, 1ull);
  atomicSub((unsigned long long *)&cnt[2], 3ull);
  atomicXor((unsigned *)&bits[k & 3], (unsigned)k * 2654435761u);
  atomicOr((unsigned *)bits + 4 + ((k >> 3) & 3), 1u << (i & 31));
  int old = atomicAdd((int *)&tick[i], k);
  out[i] = old ^ k;
}
