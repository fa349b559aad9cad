/* cuda2hlo-test
launch: narrow_part_incdec<<<2, 32>>>(w, c, out, n)
buffer: w u32 64 randint 0 4294967296
buffer: c u32 64 randint 0 4294967296
buffer: out i32 64*4 zeros
scalar: n = 60
check: w rtol=0 atol=0
check: c rtol=0 atol=0
check: out rtol=0 atol=0
note: ++ and -- of a byte of a thread's own word through an unsigned char pointer (prefix
note: and postfix, their values used, wrapping at 0 and 255) and of bit-fields in memory
note: (an unsigned 4-bit one wrapping at 15, a signed 5-bit one at 15 and -16): each the
note: element's read-modify-write the raise proves single-writer; exact bit for bit
*/
// Per-thread counters packed in bytes and bit-fields of words the thread owns (as
// HeCBench bm3d's per-patch stack counts).
struct Tally {
  unsigned small : 4;
  int tiny : 5;
  unsigned rest : 23;
};

__global__ void narrow_part_incdec(unsigned *w, Tally *c, int *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned char *b = (unsigned char *)w;
  if (t >= n)
    return;
  b[4 * t] = (unsigned char)(t % 3 == 0 ? 255 : t);
  b[4 * t + 1] = (unsigned char)(t % 4);
  int before = b[4 * t]++;
  int after = --b[4 * t + 1];
  b[4 * t + 2]--;
  ++b[4 * t + 3];
  out[4 * t] = before * 1000 + after;
  c[t].small = t;
  c[t].tiny = t - 20;
  int s = c[t].small++;
  int u = ++c[t].tiny;
  c[t].tiny++;
  out[4 * t + 1] = s;
  out[4 * t + 2] = u;
  out[4 * t + 3] = c[t].small * 100 + c[t].tiny;
}
