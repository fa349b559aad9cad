/* cuda2hlo-test
launch: cvt_directed<<<2, 64>>>(fb, db, r, k, n)
buffer: fb u32 128*16 zeros
buffer: db u64 128*8 zeros
buffer: r u64 128 randint 0 18446744073709551616
buffer: k i32 128 randint -2147483648 2147483647
scalar: n = 128
check: fb
check: db
note: the directed-rounding conversions (_rz, _ru, _rd) of int, unsigned, long long and
note: unsigned long long to float and double, and of double to float, as their bit
note: patterns: integers of every magnitude (a random value shifted right by t), doubles
note: from 2^-120 to 2^140 (overflow included), exact ones, infinities and a negative zero,
note: and the extremes (values that round to 2^63 and 2^64)
*/
// Checks of rounding code convert the same integer or double towards zero, up and down
// and compare the results (HeCBench intrinsics-cast-cuda).
__global__ void cvt_directed(unsigned *fb, unsigned long long *db, const unsigned long long *r,
                             const int *k, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  unsigned long long u = r[t] >> (t % 64);
  long long s = (long long)r[t] >> (t % 64);
  int i = k[t] >> (t % 32);
  unsigned ui = (unsigned)k[t] >> (t % 32);
  u = t == 9 ? ~0ull : t == 11 ? ~0ull - 12345 : u;                 /* rounds to 2^64 */
  s = t == 13 ? 0x7fffffffffffffffll : t == 15 ? -0x7fffffffffffffffll - 1 : s;  /* 2^63 */
  i = t == 17 ? 0x7fffffff : t == 19 ? -0x7fffffff - 1 : i;
  ui = t == 17 ? 0xffffffffu : t == 19 ? 0xfffffffeu : ui;
  unsigned long long e = (unsigned long long)(1023 - 120 + (t * 7) % 261) << 52;
  double x = __longlong_as_double((long long)((r[t] & 0x800fffffffffffffull) | e));
  x = t % 8 == 1 ? __longlong_as_double(__double_as_longlong(x) & ~0x1fffffffll) : x;
  x = t == 3 ? __longlong_as_double(0x7ff0000000000000ll) : t == 5 ? -__longlong_as_double(0x7ff0000000000000ll) : x;
  x = t == 7 ? -0.0 : x;
  unsigned *o = fb + 16 * t;
  o[0] = __float_as_uint(__int2float_rz(i));
  o[1] = __float_as_uint(__int2float_ru(i));
  o[2] = __float_as_uint(__int2float_rd(i));
  o[3] = __float_as_uint(__uint2float_rz(ui));
  o[4] = __float_as_uint(__uint2float_ru(ui));
  o[5] = __float_as_uint(__uint2float_rd(ui));
  o[6] = __float_as_uint(__ll2float_rz(s));
  o[7] = __float_as_uint(__ll2float_ru(s));
  o[8] = __float_as_uint(__ll2float_rd(s));
  o[9] = __float_as_uint(__ull2float_rz(u));
  o[10] = __float_as_uint(__ull2float_ru(u));
  o[11] = __float_as_uint(__ull2float_rd(u));
  o[12] = __float_as_uint(__double2float_rz(x));
  o[13] = __float_as_uint(__double2float_ru(x));
  o[14] = __float_as_uint(__double2float_rd(x));
  o[15] = __float_as_uint(__ull2float_rn(u));
  unsigned long long *q = db + 8 * t;
  q[0] = (unsigned long long)__double_as_longlong(__ll2double_rz(s));
  q[1] = (unsigned long long)__double_as_longlong(__ll2double_ru(s));
  q[2] = (unsigned long long)__double_as_longlong(__ll2double_rd(s));
  q[3] = (unsigned long long)__double_as_longlong(__ull2double_rz(u));
  q[4] = (unsigned long long)__double_as_longlong(__ull2double_ru(u));
  q[5] = (unsigned long long)__double_as_longlong(__ull2double_rd(u));
  q[6] = (unsigned long long)__double_as_longlong(__ull2double_rn(u));
  q[7] = (unsigned long long)__double_as_longlong(__uint2double_rn(ui));
}
