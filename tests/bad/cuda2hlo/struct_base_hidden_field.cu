// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: struct_base_hidden_field\.cu:11:17: error: struct 'Scaled' has a field 'scale' of the same name as a field of its base class 'Base', which cannot be translated
// A derived struct's field that hides one of its base's: a struct held in variables
// names its fields by key (KEY.scale), so both would be one variable; refused at the
// base (struct.c record_base).
struct Base {
  float scale;
  int n;
};

struct Scaled : Base {
  float scale;
};

__global__ void k(float *out) {
  Scaled s;
  s.scale = 2.0f;
  s.n = 3;
  out[threadIdx.x] = s.scale * s.n;
}
