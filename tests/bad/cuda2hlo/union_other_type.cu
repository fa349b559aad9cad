// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: union_other_type\.cu:10:9: error: union member 'bits' is not supported: each of its scalars must be a scalar of the union's first member at the same offset, of the same type
// A union whose members reinterpret one another's bits (a float read as its int bits)
// is not held as its first member: 'bits' would be a float parameter read as an int.
// Refused at the member. Same-type members that alias slot for slot are held
// (tests/kernels/struct_union_param.cu).
struct Packed {
  union {
    float val;
    int bits;
  };
};

__global__ void k(Packed p, int *out) {
  out[threadIdx.x] = p.bits + (int)threadIdx.x;
}
