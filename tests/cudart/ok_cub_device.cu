// expect-exit: 0
// expect-stdout: PASS
// cc-flags: -std=c++17
// cub's device-wide algorithms called directly (cub::DeviceScan, DeviceReduce,
// DeviceSelect, DeviceRadixSort, DeviceSegmentedReduce), each with the two-phase call
// (a NULL d_temp_storage asks for the size, then the real call), on cudaMalloc memory
// written by cudaMemcpy and by the program's own kernel, each result checked against a
// loop here. cuda2hlo-cc runs them on the host (cudart/include/cuda2hlo_thrust/cub/
// device/, docs/cudart.md "thrust and cub"); cub's own launch its kernels, which are not
// raised: with main's build before session 23 the first call stopped the program, "no
// kernel named 'cub::...DeviceScan...'". Also: in-place overloads, iterators (a
// transform_iterator of flags, a counting_iterator), a stream argument, radix sorts of
// signed, unsigned and floating-point keys (negatives, -0.0 and +0.0 as equals, stable),
// a bit range, descending order, DoubleBuffer, empty segments.
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <numeric>
#include <limits>
#include <cub/cub.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <cuda_runtime.h>

static int fails = 0;
#define CHECK(c, what) do { if (!(c)) { printf("FAIL %s (line %d)\n", what, __LINE__); fails++; } } while (0)

__global__ void affine(int *x, int n, int a, int b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * a + b;
}
struct Mul {
  __host__ __device__ int operator()(int a, int b) const { return a * b % 1000003; }
};
struct Max {
  __host__ __device__ int operator()(int a, int b) const { return a < b ? b : a; }
};
struct Plus {
  __host__ __device__ long long operator()(long long a, long long b) const { return a + b; }
};
struct FPlus {
  template <class A, class B> __host__ __device__ auto operator()(A a, B b) const { return a + b; }
};
struct Odd {
  __host__ __device__ bool operator()(int a) const { return a & 1; }
};
struct Flag {
  __host__ __device__ bool operator()(int a) const { return a % 3 == 0; }
};
struct Square {
  __host__ __device__ long long operator()(int a) const { return (long long)a * a; }
};

template <class T> static T *dev(const std::vector<T> &h) {
  T *d;
  cudaMalloc(&d, h.size() * sizeof(T) + 1);
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<T> host(const T *d, size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}
/* the two-phase call of every cub device algorithm */
#define TWO_PHASE(CALL)                                                      \
  do {                                                                       \
    void *d_temp_storage = nullptr;                                          \
    size_t temp_storage_bytes = 0;                                           \
    CALL;                                                                    \
    CHECK(temp_storage_bytes > 0, "temp_storage_bytes");                     \
    cudaMalloc(&d_temp_storage, temp_storage_bytes);                         \
    CALL;                                                                    \
    cudaFree(d_temp_storage);                                                \
  } while (0)

static void scans(int n) {
  std::vector<int> h(n), want(n);
  for (int i = 0; i < n; i++) h[i] = (i * 7919) % 1009 - 500;
  int *in = dev(h), *out;
  cudaMalloc(&out, n * sizeof(int));
  affine<<<(n + 255) / 256, 256>>>(in, n, 3, 1);   /* the kernel's result is the input */
  for (int i = 0; i < n; i++) h[i] = h[i] * 3 + 1;

  TWO_PHASE(cub::DeviceScan::ExclusiveSum(d_temp_storage, temp_storage_bytes, in, out, n));
  for (int i = 0, s = 0; i < n; s += h[i], i++) want[i] = s;
  CHECK(host(out, n) == want, "DeviceScan::ExclusiveSum");

  TWO_PHASE(cub::DeviceScan::InclusiveSum(d_temp_storage, temp_storage_bytes, in, out, n, 0));
  for (int i = 0, s = 0; i < n; i++) s += h[i], want[i] = s;
  CHECK(host(out, n) == want, "DeviceScan::InclusiveSum");

  TWO_PHASE(cub::DeviceScan::ExclusiveScan(d_temp_storage, temp_storage_bytes, in, out, Mul(), 7, n));
  for (int i = 0, s = 7; i < n; s = Mul()(s, h[i]), i++) want[i] = s;
  CHECK(host(out, n) == want, "DeviceScan::ExclusiveScan");

  TWO_PHASE(cub::DeviceScan::InclusiveScan(d_temp_storage, temp_storage_bytes, in, out, Max(), n));
  for (int i = 0, s = h[0]; i < n; i++) s = std::max(s, h[i]), want[i] = s;
  CHECK(host(out, n) == want, "DeviceScan::InclusiveScan");

  TWO_PHASE(cub::DeviceScan::InclusiveScanInit(d_temp_storage, temp_storage_bytes, in, out, Mul(), 5, n));
  for (int i = 0, s = 5; i < n; i++) s = Mul()(s, h[i]), want[i] = s;
  CHECK(host(out, n) == want, "DeviceScan::InclusiveScanInit");

  /* by key: runs of 1..4 equal keys */
  std::vector<int> keys(n);
  for (int i = 0; i < n; i++) keys[i] = (i / 4) * 2 + ((i % 4) == 3);
  int *dk = dev(keys);
  TWO_PHASE(cub::DeviceScan::ExclusiveSumByKey(d_temp_storage, temp_storage_bytes, dk, in, out, n));
  for (int i = 0, s = 0; i < n; s += h[i], i++) {
    if (i > 0 && keys[i] != keys[i - 1]) s = 0;
    want[i] = s;
  }
  CHECK(host(out, n) == want, "DeviceScan::ExclusiveSumByKey");
  TWO_PHASE(cub::DeviceScan::InclusiveSumByKey(d_temp_storage, temp_storage_bytes, dk, in, out, n));
  for (int i = 0, s = 0; i < n; i++) {
    s = i > 0 && keys[i] == keys[i - 1] ? s + h[i] : h[i];
    want[i] = s;
  }
  CHECK(host(out, n) == want, "DeviceScan::InclusiveSumByKey");

  /* 8-bit items summed as int (cub accumulates in the type item + item gives) */
  std::vector<unsigned char> b(n);
  for (int i = 0; i < n; i++) b[i] = (unsigned char)(i * 37);
  unsigned char *db = dev(b);
  TWO_PHASE(cub::DeviceScan::InclusiveSum(d_temp_storage, temp_storage_bytes, db, out, n));
  for (int i = 0, s = 0; i < n; i++) s += b[i], want[i] = s;
  CHECK(host(out, n) == want, "DeviceScan::InclusiveSum of unsigned char into int");
  cudaFree(db);

  /* in place */
  TWO_PHASE(cub::DeviceScan::ExclusiveSum(d_temp_storage, temp_storage_bytes, in, n));
  for (int i = 0, s = 0; i < n; s += h[i], i++) want[i] = s;
  CHECK(host(in, n) == want, "DeviceScan::ExclusiveSum in place");
  cudaFree(in), cudaFree(out), cudaFree(dk);
}

static void reductions(int n) {
  std::vector<int> h(n);
  for (int i = 0; i < n; i++) h[i] = (i * 7919) % 1009 - 500;
  h[n / 3] = -600, h[n / 2] = 700, h[n / 2 + 5] = 700, h[n - 1] = -600;
  int *in = dev(h), *out;
  long long *sum;
  cudaMalloc(&out, 4 * sizeof(int));
  cudaMalloc(&sum, sizeof(long long));
  long long want = std::accumulate(h.begin(), h.end(), 0LL);
  TWO_PHASE(cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, in, sum, n));
  CHECK(host(sum, 1)[0] == want, "DeviceReduce::Sum");
  TWO_PHASE(cub::DeviceReduce::Min(d_temp_storage, temp_storage_bytes, in, out, n));
  CHECK(host(out, 1)[0] == -600, "DeviceReduce::Min");
  TWO_PHASE(cub::DeviceReduce::Max(d_temp_storage, temp_storage_bytes, in, out + 1, n));
  CHECK(host(out, 2)[1] == 700, "DeviceReduce::Max");
  TWO_PHASE(cub::DeviceReduce::Reduce(d_temp_storage, temp_storage_bytes, in, out, n, Mul(), 3));
  int r = 3;
  for (int i = 0; i < n; i++) r = Mul()(r, h[i]);
  CHECK(host(out, 1)[0] == r, "DeviceReduce::Reduce");
  TWO_PHASE(cub::DeviceReduce::TransformReduce(d_temp_storage, temp_storage_bytes, in, sum, n,
                                               Plus(), Square(), 0LL));
  long long sq = 0;
  for (int i = 0; i < n; i++) sq += (long long)h[i] * h[i];
  CHECK(host(sum, 1)[0] == sq, "DeviceReduce::TransformReduce");
  /* float items reduced from an int 0: summed as float, as cub does */
  std::vector<float> f(n);
  for (int i = 0; i < n; i++) f[i] = 0.25f + (i % 3);
  float *df = dev(f), *fsum;
  cudaMalloc(&fsum, sizeof(float));
  TWO_PHASE(cub::DeviceReduce::Reduce(d_temp_storage, temp_storage_bytes, df, fsum, n, FPlus(), 0));
  float fw = 0;
  for (int i = 0; i < n; i++) fw += f[i];
  CHECK(host(fsum, 1)[0] == fw, "DeviceReduce::Reduce of floats from an int 0");
  cudaFree(df), cudaFree(fsum);
  int64_t *idx;
  cudaMalloc(&idx, sizeof(int64_t));
  TWO_PHASE(cub::DeviceReduce::ArgMax(d_temp_storage, temp_storage_bytes, in, out, idx, n));
  CHECK(host(out, 1)[0] == 700 && host(idx, 1)[0] == n / 2, "DeviceReduce::ArgMax (the first)");
  TWO_PHASE(cub::DeviceReduce::ArgMin(d_temp_storage, temp_storage_bytes, in, out, idx, n));
  CHECK(host(out, 1)[0] == -600 && host(idx, 1)[0] == n / 3, "DeviceReduce::ArgMin (the first)");
  TWO_PHASE(cub::DeviceReduce::ArgMin(d_temp_storage, temp_storage_bytes, in, out, idx, 0));
  CHECK(host(out, 1)[0] == std::numeric_limits<int>::max() && host(idx, 1)[0] == 1,
        "DeviceReduce::ArgMin of no items");
  /* a transform_iterator over device memory, summed into a wider type (HeCBench nonzero) */
  thrust::transform_iterator<Flag, int *> flags(in, Flag());
  TWO_PHASE(cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, flags, sum, n));
  CHECK(host(sum, 1)[0] == std::count_if(h.begin(), h.end(), Flag()), "DeviceReduce::Sum of flags");
  cudaFree(in), cudaFree(out), cudaFree(sum), cudaFree(idx);
}

static void selects(int n) {
  std::vector<int> h(n);
  for (int i = 0; i < n; i++) h[i] = (i * 7919) % 1009 - 500;
  int *in = dev(h), *out, *nsel;
  int64_t *pos;
  cudaMalloc(&out, n * sizeof(int));
  cudaMalloc(&pos, n * sizeof(int64_t));
  cudaMalloc(&nsel, sizeof(int));
  std::vector<int> want;
  for (int x : h) if (Odd()(x)) want.push_back(x);
  TWO_PHASE(cub::DeviceSelect::If(d_temp_storage, temp_storage_bytes, in, out, nsel, n, Odd()));
  int m = host(nsel, 1)[0];
  CHECK(m == (int)want.size() && host(out, m) == want, "DeviceSelect::If");
  /* the offsets of the flagged items (HeCBench nonzero) */
  thrust::transform_iterator<Flag, int *> flags(in, Flag());
  thrust::counting_iterator<int64_t> count(0);
  TWO_PHASE(cub::DeviceSelect::Flagged(d_temp_storage, temp_storage_bytes, count, flags, pos, nsel, n));
  std::vector<int64_t> wpos;
  for (int i = 0; i < n; i++) if (Flag()(h[i])) wpos.push_back(i);
  m = host(nsel, 1)[0];
  CHECK(m == (int)wpos.size() && host(pos, m) == wpos, "DeviceSelect::Flagged");
  std::vector<int> runs(n);
  for (int i = 0; i < n; i++) runs[i] = i / 3 + (i % 7 == 0);
  int *dr = dev(runs);
  want.assign(1, runs[0]);
  for (int i = 1; i < n; i++) if (runs[i] != runs[i - 1]) want.push_back(runs[i]);
  TWO_PHASE(cub::DeviceSelect::Unique(d_temp_storage, temp_storage_bytes, dr, out, nsel, n));
  m = host(nsel, 1)[0];
  CHECK(m == (int)want.size() && host(out, m) == want, "DeviceSelect::Unique");
  want.clear();
  for (int x : h) if (Odd()(x)) want.push_back(x);
  TWO_PHASE(cub::DeviceSelect::If(d_temp_storage, temp_storage_bytes, in, nsel, n, Odd()));
  m = host(nsel, 1)[0];
  CHECK(m == (int)want.size() && host(in, m) == want, "DeviceSelect::If in place");
  cudaFree(in), cudaFree(out), cudaFree(pos), cudaFree(nsel), cudaFree(dr);
}

template <class K> static void sorts(int n, const char *what) {
  std::vector<K> k(n);
  std::vector<int> v(n);
  for (int i = 0; i < n; i++) {
    k[i] = (K)((i * 7919) % 1009 / 7);
    if (std::numeric_limits<K>::is_signed && i % 3 == 0) k[i] = (K)(0 - k[i]);
    v[i] = i;
  }
  if (!std::numeric_limits<K>::is_integer) k[1] = (K)-0.0, k[2] = (K)0.0, k[4] = (K)-0.0;
  K *kin = dev(k), *kout;
  int *vin = dev(v), *vout;
  cudaMalloc(&kout, n * sizeof(K));
  cudaMalloc(&vout, n * sizeof(int));
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return k[a] < k[b]; });
  std::vector<K> wk(n);
  for (int i = 0; i < n; i++) wk[i] = k[order[i]];
  TWO_PHASE(cub::DeviceRadixSort::SortPairs(d_temp_storage, temp_storage_bytes, kin, kout, vin, vout, n));
  CHECK(host(kout, n) == wk && host(vout, n) == order, what);
  TWO_PHASE(cub::DeviceRadixSort::SortKeys(d_temp_storage, temp_storage_bytes, kin, kout, n));
  CHECK(host(kout, n) == wk, what);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return k[b] < k[a]; });
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return k[b] < k[a]; });
  for (int i = 0; i < n; i++) wk[i] = k[order[i]];
  TWO_PHASE(cub::DeviceRadixSort::SortPairsDescending(d_temp_storage, temp_storage_bytes, kin, kout, vin, vout, n));
  CHECK(host(kout, n) == wk && host(vout, n) == order, what);
  /* DoubleBuffer: the result in Current() */
  cub::DoubleBuffer<K> db(kin, kout);
  TWO_PHASE(cub::DeviceRadixSort::SortKeysDescending(d_temp_storage, temp_storage_bytes, db, n));
  CHECK(host(db.Current(), n) == wk, what);
  cudaFree(kin), cudaFree(kout), cudaFree(vin), cudaFree(vout);
}

static void bit_range(int n) {
  std::vector<unsigned> k(n), want;
  for (int i = 0; i < n; i++) k[i] = (unsigned)(i * 2654435761u);
  unsigned *kin = dev(k), *kout;
  cudaMalloc(&kout, n * sizeof(unsigned));
  want = k;   /* bits 4..11 only, stable */
  std::stable_sort(want.begin(), want.end(), [](unsigned a, unsigned b) { return (a >> 4 & 255) < (b >> 4 & 255); });
  TWO_PHASE(cub::DeviceRadixSort::SortKeys(d_temp_storage, temp_storage_bytes, kin, kout, n, 4, 12));
  CHECK(host(kout, n) == want, "DeviceRadixSort::SortKeys bits [4, 12)");
  cudaFree(kin), cudaFree(kout);
}

static void segmented(int n) {
  std::vector<float> h(n);
  for (int i = 0; i < n; i++) h[i] = (float)((i * 7919) % 1009 - 500) / 8;
  std::vector<int> off = {0, 10, 10, 250, n - 1, n};   /* an empty segment, a single item */
  int ns = (int)off.size() - 1;
  float *in = dev(h), *out;
  int *doff = dev(off);
  cub::KeyValuePair<int, float> *kv;
  cudaMalloc(&out, ns * sizeof(float));
  cudaMalloc(&kv, ns * sizeof *kv);
  TWO_PHASE(cub::DeviceSegmentedReduce::Sum(d_temp_storage, temp_storage_bytes, in, out, ns, doff, doff + 1));
  std::vector<float> got = host(out, ns);
  for (int s = 0; s < ns; s++) {
    float w = 0;
    for (int i = off[s]; i < off[s + 1]; i++) w += h[i];
    CHECK(got[s] == w, "DeviceSegmentedReduce::Sum");
  }
  TWO_PHASE(cub::DeviceSegmentedReduce::Max(d_temp_storage, temp_storage_bytes, in, out, ns, doff, doff + 1));
  got = host(out, ns);
  for (int s = 0; s < ns; s++) {
    float w = std::numeric_limits<float>::lowest();
    for (int i = off[s]; i < off[s + 1]; i++) w = std::max(w, h[i]);
    CHECK(got[s] == w, "DeviceSegmentedReduce::Max");
  }
  TWO_PHASE(cub::DeviceSegmentedReduce::ArgMin(d_temp_storage, temp_storage_bytes, in, kv, ns, doff, doff + 1));
  std::vector<cub::KeyValuePair<int, float>> p = host(kv, ns);
  for (int s = 0; s < ns; s++) {
    int k = 1;
    float w = std::numeric_limits<float>::max();
    for (int i = off[s]; i < off[s + 1]; i++)
      if (h[i] < w) w = h[i], k = i - off[s];
    CHECK(p[s].key == k && p[s].value == w, "DeviceSegmentedReduce::ArgMin");
  }
  cudaFree(in), cudaFree(out), cudaFree(doff), cudaFree(kv);
}

int main() {
  const int n = 1000;
  scans(n);
  reductions(n);
  selects(n);
  sorts<int>(n, "DeviceRadixSort of int keys");
  sorts<unsigned char>(n, "DeviceRadixSort of unsigned char keys");
  sorts<long long>(n, "DeviceRadixSort of long long keys");
  sorts<float>(n, "DeviceRadixSort of float keys");
  sorts<double>(n, "DeviceRadixSort of double keys");
  bit_range(n);
  segmented(n);
  printf(fails ? "FAIL\n" : "PASS\n");
  return fails != 0;
}
