// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: struct_base_virtual\.cu:10:23: error: struct 'Node': its base class 'Pos' is virtual, which cannot be translated \(one non-virtual base at the start of the struct can\)
// A virtual base class: where its fields lie depends on the most derived object (through
// the object's virtual table), so its fields have no fixed offsets to walk; refused at the
// base (struct.c record_base).
struct Pos {
  float x, y;
};

struct Node : virtual Pos {
  float w;
};

struct Leaf : Node {
  float v;
};

__global__ void k(float *out) {
  Leaf a;
  a.w = 1.0f;
  a.v = 2.0f;
  out[threadIdx.x] = a.w + a.v;
}
