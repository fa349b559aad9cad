/* cuda2hlo-test
launch: mark_nodes<<<2, 32>>>(w, nodes, fl, out, n)
buffer: w u32 64 randint 0 4294967296
buffer: nodes i32 64x2 randint -2147483648 2147483648
buffer: fl u32 64 randint 0 4294967296
buffer: out i32 64*3 zeros
scalar: n = 60
check: w rtol=0 atol=0
check: nodes rtol=0 atol=0
check: fl rtol=0 atol=0
check: out rtol=0 atol=0
note: stores into part of a word (a byte through a char view, a char field sharing a word
note: with a short and a char, an 8-bit bit-field) while, in the same phase, the next
note: thread reads other bytes of that word (bytes 0 and 3, the short and the other char,
note: the other bit-fields): no race in CUDA, as each store changes only its bytes (the
note: race check compares the bytes; main's binary reports a race); exact bit for bit
*/
// Nodes of a graph marked in place while neighbours read their keys and degrees.
struct Node {
  unsigned short key;
  unsigned char mark;
  unsigned char deg;
  int val;
};

struct Flags {
  unsigned lo : 8;
  unsigned mid : 12;
  unsigned hi : 12;
};

__global__ void mark_nodes(unsigned *w, Node *nodes, Flags *fl, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int j = (i + 1) % n;
  ((unsigned char *)w)[4 * i + 1] = (unsigned char)(i * 7);   // byte 1 of w[i]
  nodes[i].mark = (unsigned char)(nodes[i].val & 0xff);       // byte 2 of node i's first word
  fl[i].lo = i + 200;                                          // bits 0-7 of fl[i]
  out[3 * i] = ((unsigned char *)w)[4 * j] + ((unsigned char *)w)[4 * j + 3] * 256;
  out[3 * i + 1] = nodes[j].key * 3 + nodes[j].deg;
  out[3 * i + 2] = (int)fl[j].hi - (int)fl[j].mid;
}
