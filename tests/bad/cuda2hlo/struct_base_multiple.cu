// RUN: cuda2hlo %s --grid 1 --block 32 --size p=128 --size out=32 -o %out/k.mlir
// ERROR: struct_base_multiple\.cu:19:31: error: pointer parameter 'p' to struct 'const Both' is not supported: its base class 'Mass' is not its only one
// A struct with two base classes: the second lies after the first, at an offset of its
// own, and the field walks hold one base at the start of the struct (a derived struct
// is its base's fields followed by its own, struct.c visit_fields), so a buffer of them
// has no slot layout, said with the second base, rather than read at wrong offsets.
struct Pos {
  float x, y;
};

struct Mass {
  float m;
};

struct Both : Pos, Mass {
  float q;
};

__global__ void k(const Both *p, float *out) {
  int i = threadIdx.x;
  out[i] = p[i].x + p[i].m;
}
