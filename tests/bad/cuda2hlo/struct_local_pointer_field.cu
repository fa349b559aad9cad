// RUN: cuda2hlo %s --grid 1 --block 32 --size a=96 --size out=32 -o %out/x.mlir
// ERROR: struct_local_pointer_field\.cu:7:21: error: struct field 'f\.legs' of type 'Leg \*' is not supported in a local struct
// A local struct whose pointer field points into a local array of structs, passed by
// value to a device function that reads through it (issue 13: HeCBench bonds
// bondsStructs.h:85): a local struct's fields are variables, and a pointer has none.
struct Leg { int day; float amount; };
struct Flows { Leg *legs; int n; };

__device__ float total(Flows f) {
  float s = 0.0f;
  for (int j = 0; j < f.n; j++) s += f.legs[j].amount;
  return s;
}

__global__ void sum_legs(const float *a, float *out) {
  int i = threadIdx.x;
  Leg legs[3];
  for (int j = 0; j < 3; j++) { legs[j].day = j; legs[j].amount = a[3 * i + j]; }
  Flows f;
  f.legs = legs;
  f.n = 3;
  out[i] = total(f);
}
