/* cuda2hlo-test
launch: cplx_self_assign<<<3, 32>>>(out, in, n)
buffer: out f32 96*6 zeros
buffer: in f32 96*2 uniform -100 100
scalar: n = 90
check: out rtol=0 atol=0
note: compound assignments written as `*this = *this OP z; return *this;` (as thrust's
note: complex does): the object reads itself as a whole value and is assigned a new one,
note: on a local, on a struct's member, through a reference parameter and from another
note: method of the same object; exact (sums and differences of the same floats)
*/
// Small value classes often define their compound operators through the binary ones.
class Pair {
 public:
  __device__ Pair() : a_(0.0f), b_(0.0f) {}
  __device__ Pair(float a, float b) : a_(a), b_(b) {}
  __device__ float a() const { return a_; }
  __device__ float b() const { return b_; }
  __device__ Pair &operator+=(const Pair &z) {
    *this = *this + z;
    return *this;
  }
  __device__ Pair &operator-=(float s) {
    *this = Pair(a_ - s, b_);
    return *this;
  }
  // another method of the object assigning it through its own operator
  __device__ void twice() { *this += *this; }
  __device__ Pair swapped() const { return Pair(b_, a_); }
  friend __device__ Pair operator+(const Pair &x, const Pair &y) { return Pair(x.a_ + y.a_, x.b_ - y.b_); }

 private:
  float a_, b_;
};

struct Acc {
  int n;
  Pair sum;
};

__device__ void add_to(Pair &p, float x, float y) {
  p += Pair(x, y);
  p -= 0.25f;
}

__global__ void cplx_self_assign(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  float x = in[t * 2], y = in[t * 2 + 1];
  Pair p(1.0f, 2.0f);
  for (int j = 0; j < 3; j++)
    p += Pair(x, y * (float)j);
  Acc acc;
  acc.n = 0;
  acc.sum = Pair(y, x);
  acc.sum += p.swapped();
  add_to(acc.sum, x, -y);
  Pair q = p;
  q.twice();
  out[t * 6] = p.a();
  out[t * 6 + 1] = p.b();
  out[t * 6 + 2] = acc.sum.a();
  out[t * 6 + 3] = acc.sum.b();
  out[t * 6 + 4] = q.a();
  out[t * 6 + 5] = q.b();
}
