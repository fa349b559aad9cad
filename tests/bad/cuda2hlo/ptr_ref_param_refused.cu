// RUN: cuda2hlo %s --grid 1 --block 32 --size a=128 --size b=128 --size o=128 -o %out
// ERROR: ptr_ref_param_refused\.cu:25:10: error: 'seek' assigns the pointer it takes by reference \('q'\): the argument must be a pointer variable that the kernel may move
// ERROR: ptr_ref_param_refused\.cu:36:10: error: 'rebind' assigns the pointer it takes by reference \('pp'\): the argument must be a pointer variable that the kernel may move
// ERROR: ptr_ref_param_refused\.cu:17:5: error: the pointer is assigned an address in 'b' after one in 'a': a pointer must stay in one buffer
// A device function that takes a pointer by reference (`T *&q`) shares the caller's
// pointer variable (tests/kernels/ptr_ref_param.cu). Refused at the argument: one that
// assigns a pointer held elsewhere than in a pointer variable (a struct field, a pointer
// to a struct held in variables). Refused where the callee assigns: an address in
// another buffer than the one the caller's pointer was set to.
struct Span {
  float *p;
  int n;
};
__device__ void seek(float *&q, float *base, int i) { q = base + i; }
__device__ void pick(const float *a, const float *b, int i, const float *&src) {
  if (i & 1)
    src = b + i;
}
struct Acc {
  float s;
};
__device__ void rebind(Acc *&pp, Acc *other) { pp = other; }
__global__ void field_arg(float *a, float *o) {
  Span s = {a, 4};
  seek(s.p, o, threadIdx.x);
  s.p[0] = 1.0f;
}
__global__ void two_buffers(const float *a, const float *b, float *o) {
  const float *src = a + threadIdx.x;
  pick(a, b, threadIdx.x, src);
  o[threadIdx.x] = *src;
}
__global__ void struct_pointer(float *o) {
  Acc x = {1.0f}, y = {2.0f};
  Acc *p = &x;
  rebind(p, &y);
  o[threadIdx.x] = p->s;
}
