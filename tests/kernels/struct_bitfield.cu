/* cuda2hlo-test
launch: fill_cuts<<<2, 32>>>(c, n)
launch: score_cuts<<<2, 32>>>(c, out, n)
buffer: c i32 64x6 randint -2147483648 2147483648
buffer: out i32 64*3 zeros
scalar: n = 60
check: c rtol=0 atol=0
check: out rtol=0 atol=0
note: a struct in global memory with int fields, an int array, three unsigned bit-fields
note: sharing one word (16, 11 and 4 bits), a signed 5-bit bit-field that does not fit
note: there and starts the next word, and a bool in that word: per thread, assignments
note: that overflow the widths (cut, a negative signed value sign-extended on reads),
note: compound assignments, and a struct variable with bit-fields; the padding bits keep
note: their random values (each store is its word's read-modify-write); exact bit for bit
*/
// A cut of a logic network: leaves, a signature, and small counters packed into bit-fields.
struct Cut {
  int leaf[3];
  int sig;
  unsigned lev : 16;
  unsigned cost : 11;
  unsigned used : 4;
  int delta : 5;
  bool live;
};

__global__ void fill_cuts(Cut *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  for (int k = 0; k < 3; k++)
    c[i].leaf[k] = 3 * i + k;
  c[i].sig = i * 0x01010101;
  c[i].lev = i * 2311 + 5;        // over 16 bits for i >= 29: cut
  c[i].cost = i * 77;             // over 11 bits for i >= 27
  c[i].used = i;                  // over 4 bits for i >= 16
  c[i].delta = -(i % 23);         // below -16 for some i: wraps to positive
  c[i].live = (i & 1) != 0;
}

__global__ void score_cuts(Cut *c, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Cut t;
  t.lev = c[i].lev + 40000;       // a bit-field held in a variable: cut too
  t.delta = c[i].delta * 3;
  t.used = c[i].used;
  t.used += 13;
  out[3 * i] = (int)t.lev;
  out[3 * i + 1] = t.delta;
  out[3 * i + 2] = c[i].live ? (int)t.used + c[i].leaf[2] : -(int)c[i].cost;
  c[i].cost += 1000;
  c[i].delta -= 9;
  c[i].used |= 8;
  c[i].lev >>= 3;
  c[i].live = !c[i].live;
}
