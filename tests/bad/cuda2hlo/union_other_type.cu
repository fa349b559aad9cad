// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: union_other_type\.cu:11:9: error: union member 'bits' is not supported: each of its scalars must be a scalar of the union's first member at the same offset, of the same type
// A union in a by-value parameter whose members reinterpret one another's bits (a float
// read as its int bits) is refused at the member: the parameter is not held in a
// variable that a bitcast could read. In a local variable the same union is a bitcast
// (tests/kernels/union_pun.cu); same-type members that alias slot for slot are held in
// parameters too (tests/kernels/struct_union_param.cu).
struct Packed {
  union {
    float val;
    int bits;
  };
};

__global__ void k(Packed p, int *out) {
  out[threadIdx.x] = p.bits + (int)threadIdx.x;
}
