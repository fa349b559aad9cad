/* cuda2hlo-test
launch: string_literal_ptr<<<2, 64>>>(out, key, codes, n)
buffer: out u32 128 zeros
buffer: key u32 128 randint 0 4294967296
buffer: codes i32 128 zeros
scalar: n = 120
check: out
check: codes
note: string literals read through pointers in device code: a constant array of the
note: bytes and the terminating 0 (as HeCBench chacha20's "expand 32-byte k" packed
note: into words through a device function); a literal's characters looked up at a
note: thread-dependent index, the 0 at its end included; two literals through one
note: pointer chosen by `?:`; the same literal read by a function inlined twice
*/
typedef unsigned char u8;

__device__ unsigned pack4(const u8 *a) {
  return (unsigned)a[0] | ((unsigned)a[1] << 8) | ((unsigned)a[2] << 16) | ((unsigned)a[3] << 24);
}

__device__ int digit(int v) {
  const char *digits = "0123456789abcdef";
  return digits[v & 15];
}

__global__ void string_literal_ptr(unsigned *out, const unsigned *key, int *codes, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const u8 *magic = (const u8 *)"expand 32-byte k";
  out[i] = pack4(magic + (i & 3) * 4) ^ key[i];

  const char *name = (i & 8) ? "gamma" : "delta!";
  int k = i % 7;
  codes[i] = name[k % 6] * 1000 + digit(i) * 10 + digit(i >> 4) + ("0123456789abcdef"[i % 17] == 0);
}
