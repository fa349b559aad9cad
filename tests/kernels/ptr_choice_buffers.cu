/* cuda2hlo-test
launch: ptr_choice_buffers<<<4, 100>>>(a, b, sel, out, sums, picks)
buffer: a f32 300 uniform -1 1
buffer: b f32 100 uniform -1 1
buffer: sel i32 400 zeros
buffer: out f32 400 zeros
buffer: sums f32 400 zeros
check: out rtol=0 atol=0
check: sums rtol=1e-6 atol=1e-6
buffer: picks f32 400 zeros
check: picks rtol=0 atol=0
note: a pointer that chooses between buffers: assigned one of two inputs in if/else,
note: then moved and read (concatenation); the buffer not chosen is shorter, so its
note: load at the same offset would be out of range; a pointer chosen by data, read in a loop;
note: a pointer assigned other local pointers set later in the body (HeCBench bsw's longer_seq),
note: then moved by ++ and read through *p++
*/
// Concatenation through a pointer set in each branch: out = a ++ b. For i < 300 the
// pointer is into a (300 elements) at offset i, which is past the end of b (100): the
// load through it must read a alone.
__global__ void ptr_choice_buffers(const float *a, const float *b, const int *sel, float *out, float *sums,
                                   float *picks) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float *src;
  int k = i;
  if (i < 300) {
    src = (float *)a;
  } else {
    k -= 300;
    src = (float *)b;
  }
  src += k;
  out[i] = *src;

  // A pointer chosen by a thread's own data, read at a window of offsets in a loop.
  const float *row;
  if (i % 4 == 1)
    row = b;
  else
    row = a + 200;
  float s = 0.0f;
  for (int j = 0; j < 4; j++)
    s += row[(i + j) % 100] * (float)(j + 1);
  sums[i] = s + (float)sel[i];

  // Pointers set per block, then one of them chosen per thread: its candidates come
  // from the assignments of the pointers it is assigned.
  const float *first, *second, *longer;
  if (blockIdx.x & 1) {
    first = a + 10 * blockIdx.x;
    second = b + blockIdx.x;
  } else {
    first = a;
    second = b + 50;
  }
  if (threadIdx.x < 30)
    longer = second;
  else
    longer = first;
  longer++;
  float first1 = *longer++;           // a post-increment of the chosen pointer
  picks[i] = longer[threadIdx.x % 40] - first1;
}
