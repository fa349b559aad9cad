/* cuda2hlo-test
launch: shared_slot<<<2, 32>>>(atoms, out, ids, n)
buffer: atoms f64 64x9 uniform -1 1
buffer: out f64 64 zeros
buffer: ids i32 64*3 zeros
scalar: n = 60
check: atoms rtol=0 atol=0
check: out rtol=0 atol=0
check: ids
note: a struct in memory whose narrower fields share a slot of its widest scalar (two ints
note: in one 8-byte slot after doubles, three shorts and a byte in another): read from
note: elements, copied whole into a local, an array field at a run-time index, beside
note: stores into its double fields; exact bit for bit
*/
// Molecular dynamics codes keep per-atom records of doubles with a few integer ids among
// them, as the GPU lays them out: `int molid, frozen;` share one 8-byte word. The buffer
// holds the records' bytes as doubles (uniform -1..1), so the ids are halves of those
// doubles: the tests below look at bits that vary.
typedef struct atom_t {
  double pos[3] = {0, 0, 0};
  double q = 0;
  int molid = 0;
  int frozen = 0;
  double f[3] = {0, 0, 0};
  short tag[3];
  unsigned char kind;
} atom;

__global__ void shared_slot(atom *atoms, double *out, int *ids, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const atom me = atoms[i];
  int j = (i + 1) % n;
  double s = 0;
  if ((me.molid & 8) != (atoms[j].molid & 8) && !((me.frozen >> 19) & (atoms[j].frozen >> 18) & 1))
    s = me.q * atoms[j].q;
  for (int d = 0; d < 3; d++)
    atoms[i].f[d] = s * (me.pos[d] - atoms[j].pos[d]);
  out[i] = s + atoms[j].tag[i % 3] + me.kind;
  ids[3 * i] = atoms[j].frozen ^ me.molid;
  ids[3 * i + 1] = me.tag[0] + 7 * atoms[j].tag[2] + atoms[i].kind;
  ids[3 * i + 2] = (int)(me.frozen >> 12) - atoms[(i + 5) % n].molid;
}
