// RUN: cuda2hlo %s --grid 1 --block 6 --size out=6 -o %out/k.mlir
// ERROR: const_init_padded_struct\.cu:11:27: error: a constant initialiser of 'R' is not supported: its fields are not all f32 without padding
// A constant array of structs whose fields are not all of the slot's type: the values were
// converted to the slot type in order (k = 7 became the float 7.0, whose bits the int
// field then read: 1088421888), a silently wrong table. Refused at the struct's list.
struct R {
  float f;
  int k;
};

__constant__ R rows[2] = {{1.5f, 7}, {2.5f, 9}};

__global__ void k(float *out) {
  int i = threadIdx.x;
  out[i] = rows[i % 2].f + (float)rows[i % 2].k;
}
