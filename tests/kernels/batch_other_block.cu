/* cuda2hlo-test
launch: batch_other_block<<<1100, 128>>>(x, y, n)
buffer: x f32 140800 zeros
buffer: y f32 140800 zeros
scalar: n = 140800
check: x rtol=1e-5 atol=1e-5
check: y rtol=1e-5 atol=1e-5
note: 140800 lanes, more than a SIMT batch, but the launch runs whole: after the barrier a
note: thread reads the element of x that the thread one block before it wrote before the
note: barrier (a value between blocks; race_blocks.c finds that the blocks meet)
*/
// Each thread writes its element of x (a data-dependent loop and a warp shuffle),
// then after a barrier adds the element that the same thread of the previous block
// wrote. On a GPU that read races with the other block (the barrier orders one block);
// the oracle runs the blocks in order and the whole-launch module runs every block to the
// barrier first, so both read the value written. The raise must not batch this launch.
__global__ void batch_other_block(float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (float)(i % 1000) / 1000.0f;
  int k = 0;
  while (v > 0.05f && k < 30) {
    v *= 0.75f;
    k++;
  }
  float m = (float)k;           /* the warp's maximum: a shuffle keeps the SIMT strategy */
  for (int off = 16; off > 0; off >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, off));
  if (i < n) x[i] = (float)k + 0.5f * v + 0.01f * m;
  __syncthreads();
  if (i < n) y[i] = x[i] + (blockIdx.x > 0 ? x[i - blockDim.x] : 0.0f);
}
