/* cuda2hlo-test
launch: ref_member_alias<<<4, 64>>>(x, y)
buffer: x i32 1024 iota
buffer: y i32 1024 zeros
check: y
*/
// A block exchange written the way cub writes its collectives: the class holds a
// reference member `_Storage &st`, bound in the constructor's member initialiser to
// `ts.Alias()`, a `reinterpret_cast<_Storage &>(*this)` of a TempStorage whose only
// field is an array of 16-byte words (a base class Raw<T>) the size of _Storage; the
// default constructor binds it to a `__shared__` variable declared static in a private
// method that returns it by reference. Every use through the member reads and writes
// the __shared__ object it is bound to; an object returned by value (`make_ex`) keeps its
// binding.

template <typename T> struct Raw {
  ulonglong2 words[sizeof(T) / sizeof(ulonglong2)];
  __device__ T &Alias() { return reinterpret_cast<T &>(*this); }
};

template <int THREADS, int ITEMS> class Exchange {
  struct __align__(16) _Storage { int buff[THREADS * ITEMS]; };
  _Storage &st;
  int tid;

  __device__ _Storage &Private() {
    __shared__ _Storage private_storage;
    return private_storage;
  }

public:
  struct TempStorage : Raw<_Storage> {};

  __device__ Exchange() : st(Private()), tid(threadIdx.x) {}
  __device__ Exchange(TempStorage &ts) : st(ts.Alias()), tid(threadIdx.x) {}

  __device__ void BlockedToStriped(int (&items)[ITEMS]) {
    for (int i = 0; i < ITEMS; i++) st.buff[tid * ITEMS + i] = items[i];
    __syncthreads();
    for (int i = 0; i < ITEMS; i++) items[i] = st.buff[i * THREADS + tid];
    __syncthreads();
  }
  __device__ void Reverse(int (&items)[ITEMS]) {
    for (int i = 0; i < ITEMS; i++) st.buff[tid * ITEMS + i] = items[i];
    __syncthreads();
    for (int i = 0; i < ITEMS; i++) items[i] = st.buff[(THREADS - 1 - tid) * ITEMS + i];
    __syncthreads();
  }
};

template <typename E> __device__ E make_ex(typename E::TempStorage &s) { return E(s); }

__global__ void ref_member_alias(const int *x, int *y) {
  typedef Exchange<64, 4> ExchangeT;
  __shared__ ExchangeT::TempStorage ts;
  int items[4];
  int base = blockIdx.x * 256;
  for (int i = 0; i < 4; i++) items[i] = x[base + threadIdx.x * 4 + i];
  make_ex<ExchangeT>(ts).BlockedToStriped(items);
  ExchangeT ex;
  ex.Reverse(items);
  for (int i = 0; i < 4; i++) y[base + threadIdx.x * 4 + i] = items[i] * 3 + i;
}
