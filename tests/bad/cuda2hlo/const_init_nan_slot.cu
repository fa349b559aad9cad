// RUN: cuda2hlo %s --grid 1 --block 4 --size out=4 -o %out/k.mlir
// ERROR: const_init_nan_slot\.cu:12:50: error: this i32 value is not supported in a constant initialiser: its bits would be a NaN in the f32 slot that holds it
// A constant struct's int field lives in the bits of a float slot (struct.c's layout);
// -1 makes that slot a NaN with a payload, which the C and HLO text printers write as a
// plain NaN (other bits): refused at the value until they keep NaN payloads.
// (tests/kernels/const_init_fields.cu has int fields that are not NaN bits.)
struct Tagged {
  float w;
  int id;
};

__constant__ Tagged tags[2] = {{1.5f, 4}, {2.5f, -1}};

__global__ void k(float *out) {
  int i = threadIdx.x;
  out[i] = tags[i % 2].w + (float)tags[i % 2].id;
}
