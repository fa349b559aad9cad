// RUN: cuda2hlo %s --grid 1 --block 32 --size f=4 --size v=32 -o %out/k.mlir
// ERROR: atomic_float_view_add\.cu:11:3: error: an atomic operation through a pointer that reinterprets 'f' as u32 cannot be translated
// ERROR: note: in kernel 'float_view_add'
// ERROR: atomic_float_view_add\.cu:12:3: error: an atomic operation through a pointer that reinterprets 'f' as i32 cannot be translated
// atomicCAS and atomicExch through a pointer that views floats as integers of their size
// move and compare bits, which is what the GPU does with them
// (tests/kernels/cas_float_bits.cu). An integer add or max on a float's bits is another
// operation (a max of the bits orders negative floats backwards): refused.
__global__ void float_view_add(float *f, const unsigned *v) {
  int i = threadIdx.x;
  atomicAdd((unsigned *)f, v[i]);
  atomicMax((int *)&f[1], (int)v[i]);
}
