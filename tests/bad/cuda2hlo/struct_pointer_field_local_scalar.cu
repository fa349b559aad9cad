// RUN: cuda2hlo %s --grid 1 --block 32 --size a=32 --size out=32 -o %out/x.mlir
// ERROR: struct_pointer_field_local_scalar\.cu:13:13: error: this address is in no buffer: a pointer that is assigned must point into memory
// A pointer field of a local struct is a pointer that moves within one buffer (issue 13):
// a local scalar is no buffer, so a brace list that points the field at one is refused
// at the address.
struct View {
  float *p;
  int n;
};

__global__ void bump(const float *a, float *out) {
  float x = a[threadIdx.x];
  View v = {&x, 1};
  *v.p += 1.0f;
  out[threadIdx.x] = x;
}
