/* cuda2hlo-test
launch: set_records<<<2, 32>>>(in, key, idx)
launch: split_records<<<2, 32>>>(in, res, mix, n)
buffer: in f64 64x3 zeros
buffer: key f64 64 uniform -10 10
buffer: idx u32 64 randint 0 1000000
buffer: res f64 64x3 zeros
buffer: mix f64 64x3 zeros
scalar: n = 60
check: in rtol=0 atol=0
check: res rtol=0 atol=0
check: mix rtol=0 atol=0
note: whole structs stored into memory whose 8-byte slots hold two scalars (a work record
note: `{unsigned start, end; double pivot; unsigned direction, parent;}` as HeCBench
note: quicksort's gqsort<double> writes it, and floats, ints and shorts beside a double):
note: each slot written whole from its fields' bits, by one thread of a block from a
note: brace list and by every thread from a copy; no padding, so bit for bit; main's
note: binary refuses the stores (the buffers are the slots' doubles; the integer halves
note: are small and non-negative, so no slot is a NaN)
*/
// The records a partitioning pass hands to the next one: one thread per block writes the
// two halves it split, every thread moves its own record on.
template <class T>
struct work_record {
  unsigned start;
  unsigned end;
  T pivot;
  unsigned direction;
  unsigned parent;
};

struct Mix {
  float w;
  int k;
  double v;
  short a;
  short b;
  float c;
};

__global__ void set_records(work_record<double> *in, const double *key, const unsigned *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  work_record<double> r = {idx[i], idx[i] / 3 + 5, key[i], idx[i] & 1, (unsigned)i};
  in[i] = r;
}

__global__ void split_records(const work_record<double> *in, work_record<double> *res, Mix *mix, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) {
    work_record<double> *r1 = res + 2 * blockIdx.x;
    work_record<double> *r2 = r1 + 1;
    unsigned direction = in[i].direction ^ 1;
    work_record<double> a = {in[i].start, in[i].start + 7, in[i].pivot * 0.5, direction, blockIdx.x};
    *r1 = a;
    work_record<double> b = {in[i + 1].end, in[i].end, in[i + 1].pivot, direction, 7u};
    *r2 = b;
  }
  if (i >= 4 && i < n) {
    work_record<double> w = in[i];
    w.end += 3;
    w.parent = w.start % 5;
    res[i] = w;
    Mix m = {(float)w.pivot, (int)w.end + 100, w.pivot + 1.0, (short)i, (short)(w.start & 0x7fff), 2.5f * i};
    mix[i] = m;
  }
}
