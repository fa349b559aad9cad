/* cuda2hlo-test
launch: fix_cuts<<<2, 32>>>(c, n)
launch: merge_cuts<<<2, 32>>>(c, out, res, n)
buffer: c i32 64x8 randint -2147483648 2147483648
buffer: out i32 128x8 zeros
buffer: res i32 64*2 zeros
scalar: n = 60
check: c rtol=0 atol=0
check: out rtol=0 atol=0
check: res rtol=0 atol=0
note: whole structs with bit-fields copied from global memory into variables and back, and
note: from memory to memory: a word of four unsigned bit-fields (16+11+4+1 bits), a signed
note: 8-bit bit-field sharing its word with a char and a short, a nested struct of two
note: bit-fields, a bool with a char bit-field and a short; each bit-field read cut and
note: sign-extended, each word stored whole from its fields' bits (no padding bits, so the
note: copies equal the oracle's bit for bit); main's binary refuses the copies
*/
// Cut records of a logic-network rewriter, copied whole between a candidate list and the
// chosen set, their small counters packed into bit-fields.
struct Pack {
  unsigned lo : 12;
  unsigned hi : 20;
};

struct Cut {
  int sign;
  int leaves[3];
  unsigned tt : 16;
  unsigned val : 11;
  unsigned nl : 4;
  unsigned flag : 1;
  int d : 8;
  unsigned char x;
  short y;
  Pack pk;
  bool used;
  unsigned char tag : 8;
  short z;
};

__global__ void fix_cuts(Cut *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  c[i].used = (c[i].sign & 1) != 0;   // a valid bool in every record read below
}

__global__ void merge_cuts(const Cut *c, Cut *out, int *res, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Cut a = c[i], b = c[(i + 5) % n];
  a.tt ^= b.tt;
  a.val = a.val + b.nl * 100;         // over 11 bits: cut
  a.nl += b.flag + 7;                 // over 4 bits: cut
  a.flag = !a.flag;
  a.d = a.d - b.d;                    // wraps in 8 bits
  a.x = a.x + b.x;
  a.y = a.y ^ b.z;
  a.pk.hi = a.pk.hi + b.pk.lo;
  a.pk.lo = b.pk.hi;                  // cut to 12 bits
  a.tag = b.tag + 1;
  if (b.used)
    a.leaves[1] = b.sign;
  a.used = !a.used;
  out[i] = a;
  out[n + i] = c[(3 * i) % n];        // memory to memory
  res[2 * i] = a.d * 1000 + b.y;
  res[2 * i + 1] = (int)(b.tt + b.val + b.nl + b.flag + b.pk.lo + b.pk.hi + b.tag) + b.x + b.d;
}
