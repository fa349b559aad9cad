/* cuda2hlo-test
launch: shifts<<<2, 128>>>(u, s, shl, shr, sar, rot, shl64, n)
buffer: u u32 256 randint 0 4294967296
buffer: s i32 256 randint -2147483648 2147483647
buffer: shl u32 256 zeros
buffer: shr u32 256 zeros
buffer: sar i32 256 zeros
buffer: rot u32 256 zeros
buffer: shl64 u64 256 zeros
scalar: n = 256
check: shl
check: shr
check: sar
check: rot
check: shl64
note: shift counts i % 32 cover 0..31 eight times; i % 64 for the 64-bit shift
*/
// Shifts by every count 0..31: logical left/right on unsigned, arithmetic right on signed
// (negative values included), a rotate that stays defined at count 0, a 64-bit shift.
__global__ void shifts(const unsigned *u, const int *s, unsigned *shl, unsigned *shr, int *sar,
                       unsigned *rot, unsigned long long *shl64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int k = i % 32;
  unsigned x = u[i];
  shl[i] = x << k;
  shr[i] = x >> k;
  sar[i] = s[i] >> k;
  rot[i] = (x << k) | (x >> ((32 - k) & 31));
  shl64[i] = ((unsigned long long)x | 1ULL << 40) << (i % 64);
}
