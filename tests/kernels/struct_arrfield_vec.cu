/* cuda2hlo-test
launch: struct_arrfield_vec<<<3, 32>>>(outf, inf, outb, inb, n)
launch: arrfield_rev<float, 4><<<3, 32>>>(outr, inf, n)
buffer: outf f32 96*4 zeros
buffer: inf f32 96*4 uniform -100 100
buffer: outb u8 96*16 zeros
buffer: inb u8 96*16 randint 0 256
buffer: outr f32 96*4 zeros
scalar: n = 90
check: outf rtol=0 atol=0
check: outb
check: outr rtol=0 atol=0
note: a vector type as a struct whose anonymous member holds an array (float x4 carried
note: by a float4, uint8_t x16 carried by an int4): loaded and stored whole through a
note: pointer to the carrier, its elements written at a run-time index; the same from a
note: kernel template, whose code names the array only in its instances; exact
*/
// Vectorised libraries (RAFT's TxN_t) wrap a short array in a struct aligned as the
// type that moves it, and view the array as that type to load and store it at once.
typedef unsigned char u8;

template <typename T, typename IO>
struct VecOf {
  static constexpr int N = sizeof(IO) / sizeof(T);
  struct alignas(IO) {
    T data[N];
  } val;
  __device__ IO *vectorized_data() { return reinterpret_cast<IO *>(val.data); }
  __device__ void load(const T *p, int idx) { *vectorized_data() = *reinterpret_cast<const IO *>(&p[idx]); }
  __device__ void store(T *p, int idx) { *reinterpret_cast<IO *>(&p[idx]) = *vectorized_data(); }
};

__global__ void struct_arrfield_vec(float *outf, const float *inf, u8 *outb, const u8 *inb, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  VecOf<float, float4> a, r;
  a.load(inf, t * 4);
  for (int j = 0; j < 4; j++)
    r.val.data[j] = a.val.data[3 - j] * 2.0f - (float)j;
  r.store(outf, t * 4);
  VecOf<u8, int4> b, s;
  b.load(inb, t * 16);
  for (int j = 0; j < 16; j++)
    s.val.data[15 - j] = (u8)(b.val.data[j] ^ (u8)(t + j));
  s.store(outb, t * 16);
}

// A kernel template and a struct template only it uses: the template's own code names
// the fields of a dependent type, only the instance names Lanes<float, 4>'s array.
template <typename T, int R>
struct Carrier {
  typedef float4 type;
};

template <typename T, int R>
struct Lanes {
  typedef typename Carrier<T, R>::type io_t;
  static const int Ratio = R;
  struct alignas(io_t) {
    T data[Ratio];
  } val;
  __device__ auto *vec() { return reinterpret_cast<io_t *>(val.data); }
  __device__ void load(const T *p, int idx) { *vec() = *reinterpret_cast<const io_t *>(&p[idx]); }
  __device__ void store(T *p, int idx) { *reinterpret_cast<io_t *>(&p[idx]) = *vec(); }
};

template <typename T, int R>
__global__ void arrfield_rev(T *out, const T *in, int n) {
  typedef Lanes<T, R> V;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  V a, r;
  a.load(in, t * V::Ratio);
  for (int j = 0; j < V::Ratio; j++)
    r.val.data[j] = a.val.data[V::Ratio - 1 - j] + (T)j;
  r.store(out, t * V::Ratio);
}
