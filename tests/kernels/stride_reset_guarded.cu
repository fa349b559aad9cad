/* cuda2hlo-test
launch: box_pairs<<<5, 32>>>(pos, out, nboxes)
buffer: pos f32 200x2 uniform -2 2
buffer: out f32 200 const -7
scalar: nboxes = 4
check: out
note: each block stages its box's 48 points in shared memory with a block-stride loop
note: (two stores into one float2 buffer), resets its index under the box guard, and
note: loops again; block 4 has no box and leaves out's last 40 elements as they were
*/
// A block-stride loop's index is thread-dependent when the loop ends; the kernel sets it
// again before the next loop, under a guard: dense, as lavaMD's `md` has it (the raise
// crashed here before b353329: the variable's value before that assignment is unknown).
#define PER 48
__global__ void box_pairs(const float2 *pos, float *out, int nboxes) {
  __shared__ float2 sh[PER];
  int b = blockIdx.x, tid = threadIdx.x, w = tid;
  if (b < nboxes) {
    int first = b * PER;
    while (w < PER) {
      sh[w].x = pos[first + w].x;
      sh[w].y = pos[first + w].y * 2.0f;
      w += blockDim.x;
    }
    w = tid;
    __syncthreads();
    while (w < PER) {
      float s = 0.0f;
      for (int j = 0; j < PER; j++)
        s += sh[j].x * sh[w].y - sh[w].x * sh[j].y;
      out[first + w] = s;
      w += blockDim.x;
    }
  }
}
