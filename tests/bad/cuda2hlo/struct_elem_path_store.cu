// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: struct_elem_path_store\.cu:20:3: error: an element of an array field of a struct held in variables is addressed only at a constant index \(a scalar element may be read at any index\)
// A member of a struct element at a run-time index of an array held in variables is
// read as a select over the elements (tests/kernels/struct_elem_path.cu); a store to
// it would need one guarded store per element: refused at the store.
struct Pair {
  int a;
  int b;
};
struct Local {
  Pair p[2];
};

__global__ void pick(int *out) {
  int i = threadIdx.x;
  Local loc;
  loc.p[0] = Pair{i, -i};
  loc.p[1] = Pair{2 * i, 7};
  int j = i & 1;
  loc.p[j].a = 3;
  out[i] = loc.p[0].a + loc.p[1].b;
}
