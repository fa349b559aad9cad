// RUN: cuda2hlo %s --grid 1 --block 32 --size x.p=8 --size y.p=8 --size out=32 -o %out/x.mlir
// ERROR: struct_cond_pointer_field\.cu:9:12: error: struct field 'cond\.p' of type 'float \*' cannot be held in a variable
// a struct-valued ?: is its fields chosen into temporaries: a pointer field (a choice
// between buffers) has no temporary, so the choice stays refused at the ?:
struct Span { float *p; int n; };

__global__ void k(Span x, Span y, float *out) {
  int i = threadIdx.x;
  Span s = i & 1 ? x : y;
  out[i] = s.p[0] + s.n;
}
