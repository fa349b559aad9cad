// RUN: cuda2hlo %s --grid 1 --block 32 --size o=32 -o %out/k.mlir
// ERROR: self_ref_return\.cu:14:12: error: 'pick' returns a reference to its class; only `return \*this;` can be translated
// ERROR: self_ref_return\.cu:24:7: error: this struct value cannot be translated
// A method that returns a reference to its own class is lowered for its effects when it
// returns *this (`c = 0.0f` through `cplx &operator=(float)`, tests/kernels/cplx_class_assign.cu).
// Returning another object by reference, or using the reference the call returns, is not
// translated: refused with a location.
struct cplx {
  float re, im;
  __device__ cplx() : re(0.0f), im(0.0f) {}
  __device__ cplx &operator=(float r) { re = r; im = 0.0f; return *this; }
  __device__ cplx &pick(cplx &o) {
    re = 1.0f;
    return o;
  }
};
__global__ void other_ref(float *o) {
  cplx a, b;
  a.pick(b);
  o[threadIdx.x] = a.re;
}
__global__ void ref_used(float *o) {
  cplx a, b;
  b = (a = 2.0f);
  o[threadIdx.x] = b.re;
}
