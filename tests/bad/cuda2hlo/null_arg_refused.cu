// RUN: cuda2hlo %s --grid 1 --block 64 --size q=64 --size out=64 -o %out
// ERROR: null_arg_refused\.cu:12:44: error: 'dst' is a null pointer here
// ERROR: null_arg_refused\.cu:15:5: error: 'dst' is a null pointer here
// ERROR: null_arg_refused\.cu:15:5: error: 'dst' is a null pointer here.*\n(.*\n)*.*null_arg_refused\.cu:12:44: error: 'dst' is a null pointer here
// ERROR: null_arg_refused\.cu:25:48: error: this address cannot be resolved to a buffer and an offset
// A literal nullptr passed for a pointer parameter (src/frontend/call.c) is refused
// where it is used other than tested in code that runs: a store through it, a store
// under a condition that is not a constant, a store in a function it is passed on to
// (the callee's parameter is null too: refused at the store, 12:44 again), and a
// pointer parameter the callee moves.
// (tests/kernels/ptr_null_arg.cu has the translated forms)
__device__ void put(float *dst, float v) { dst[threadIdx.x] = v; }
__device__ void put_if(float *dst, float v, int c) {
  if (c)
    dst[threadIdx.x] = v;
}
__device__ void pass(float *dst, float v) { put(dst, v); }
__device__ void moved(float *dst, const float *q) {
  dst += threadIdx.x;
  *dst = q[0];
}
__global__ void live(const float *q) { put(nullptr, q[0]); }
__global__ void cond(const float *q) { put_if(nullptr, q[0], threadIdx.x > 3); }
__global__ void passed(const float *q) { pass(nullptr, q[0]); }
__global__ void moving(const float *q) { moved(nullptr, q); }
