// RUN: cuda2hlo %s --grid 1 --block 4 --size out=4 -o %out/k.mlir
// ERROR: struct_arrfield_of_structs\.cu:19:5: error: an element of an array field of a struct held in variables is addressed only at a constant index
// ERROR: note: in kernel 'k'
// An array field of scalars used as an array is a local array (struct_arrfield_*.cu in
// tests/kernels); one of structs stays held element by element, so a store into an element
// of it at a run-time index is refused (a read is a select over the elements:
// tests/kernels/struct_elem_path.cu).
struct Pt {
  float x, y;
};
struct Cloud {
  int n;
  Pt p[4];
};

__global__ void k(float *out, int j) {
  Cloud c;
  for (int i = 0; i < 4; i++)
    c.p[i].x = (float)i;
  out[threadIdx.x] = c.p[j & 3].x;
}
