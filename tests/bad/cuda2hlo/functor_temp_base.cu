// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 --size in=32 -o %out/k.mlir
// ERROR: functor_temp_base\.cu:25:12: error: constructing a 'Derived' value in a kernel is not supported
// ERROR: note: in kernel 'temp_base'
// ERROR: functor_temp_base\.cu:26:13: error: constructing a 'Outer' value in a kernel is not supported
// A function object constructed and called at once (`Op()(x)`) is translated as a
// value-initialised temporary when that is all zeroing and default member initialisers
// (tests/kernels/functor_temp.cu). A base class, or a member whose class has a
// constructor of its own, runs code that zeroing would skip: refused.
struct Base {
  float b = 2.0f;
};
struct Derived : Base {
  __device__ float operator()(float x) const { return x + b; }
};
struct Inner {
  float v;
  __device__ Inner() : v(3.0f) {}
};
struct Outer {
  Inner in;
  __device__ float operator()(float x) const { return x * in.v; }
};
__global__ void temp_base(float *out, const float *in) {
  int i = threadIdx.x;
  out[i] = Derived()(in[i]);
  out[i] += Outer()(in[i]);
}
