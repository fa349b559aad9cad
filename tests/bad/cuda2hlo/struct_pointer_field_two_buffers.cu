// RUN: cuda2hlo %s --grid 1 --block 32 --size a=64 --size b=64 --size out=32 -o %out/x.mlir
// ERROR: struct_pointer_field_two_buffers\.cu:15:5: error: the pointer is assigned an address in 'b' after one in 'a': a pointer must stay in one buffer
// A pointer field of a local struct is a pointer that moves within one buffer, fixed by
// the first address assigned (issue 13); pointing it into another buffer on another path
// is refused at that assignment.
struct View { const float *p; int n; };

__global__ void pick(const float *a, const float *b, float *out) {
  int i = threadIdx.x;
  View v;
  v.n = 2;
  if (i & 1)
    v.p = a + i;
  else
    v.p = b + i;
  out[i] = v.p[0] + v.p[1];
}
