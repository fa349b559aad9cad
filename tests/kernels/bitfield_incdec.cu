/* cuda2hlo-test
launch: bitfield_incdec<<<2, 32>>>(out, seed)
buffer: out i32 64*4 zeros
buffer: seed i32 64 randint -100000 100000
check: out rtol=0 atol=0
note: ++ and -- (prefix and postfix, as a statement and as a value) of bit-fields of a
note: struct variable, in a loop and in expressions:
note: each wraps at the field's width, a signed one to its least value; exact
*/
// A packed cursor in a local struct, stepped the way a cut or a queue is filled
// (`leaves[cut.nLeaves++] = x`).
struct Cursor {
  unsigned n : 5;
  int lev : 4;
  unsigned long long tag : 40;
  unsigned char small : 3;
};

__global__ void bitfield_incdec(int *out, const int *seed) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int s = seed[t];
  Cursor c = {(unsigned)(s & 31), (s >> 5) % 8, (unsigned long long)s, (unsigned char)s};
  int sum = 0;
  for (int i = 0; i < 37; i++) {     /* from s & 31: n wraps once or twice */
    c.n++;
    sum += c.n;
  }
  int o = c.n++;                     /* postfix value: the old one */
  int p = c.lev++ & 3;
  int q = ++c.lev & 3;
  int a = c.lev--;
  int b = --c.lev;
  c.small--;
  --c.small;
  ++c.tag;
  c.tag--;
  c.tag++;
  out[4 * t] = sum * 1024 + o * 32 + (int)c.n;
  out[4 * t + 1] = a * 1000 + b * 10 + c.lev;
  out[4 * t + 2] = p * 100 + q;
  out[4 * t + 3] = (int)(c.tag & 0xffffff) * 8 + (int)c.small;
}
