/* cuda2hlo-test
launch: shared_counter<<<4, 64>>>(x, f, out, fo, n)
buffer: x i32 250 randint -100 100
buffer: f f32 250 uniform -2 2
buffer: out i32 250 zeros
buffer: fo f32 250 zeros
scalar: n = 250
check: out
check: fo
note: the float results are sums of at most three values with one doubling, the same in every order here
*/
// A __shared__ variable of struct type (not an array): a block's counters in one struct
// whose fields are aligned to 128 bytes apart (so most of its slots are padding), and a
// pair of floats. Thread 0 sets the fields, every thread reads them after a barrier,
// counts into a field with atomics (directly and through a pointer to the struct), and
// an unsigned field among ints is read and written through a view of its slot, the
// pair is stored and loaded whole (HeCBench topk's radix_topk_one_block_kernel
// keeps its pass state in such a __shared__ Counter).
struct alignas(128) Counter {
  int k;
  int len;
  int bits;
  alignas(128) int filter_cnt;
  alignas(128) unsigned finished;
};

struct Pair {
  float lo, hi;
};

__device__ void bump(Counter *c, int v) { atomicAdd(&c->filter_cnt, v); }

__device__ int summary(const Counter *c) { return c->filter_cnt * 1000 + c->k + (c->bits & 0xff); }

__global__ void shared_counter(const int *x, const float *f, int *out, float *fo, int n) {
  __shared__ Counter counter;
  __shared__ Pair range;
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (t == 0) {
    counter.k = x[blockIdx.x];
    counter.len = n - (int)blockIdx.x;
    counter.bits = 0;
    counter.filter_cnt = 0;
    counter.finished = 7u + blockIdx.x;
    range = Pair{f[blockIdx.x], 0.5f};
    range.hi += range.lo;
  }
  __syncthreads();
  if (i < n && x[i] > counter.k) bump(&counter, 2);
  if (i < n) atomicOr(&counter.bits, 1 << (x[i] & 30));
  if (i < n && x[i] < 0) atomicSub(&counter.len, 1);
  if (t == 1) counter.finished = counter.finished * 3u;
  __syncthreads();
  Pair p = range;
  if (i < n) {
    out[i] = summary(&counter) + counter.len * (int)(counter.finished % 5u);
    fo[i] = p.lo * 2.0f + p.hi + (x[i] > counter.k ? range.lo : 0.0f);
  }
}
