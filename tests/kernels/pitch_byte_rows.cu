/* cuda2hlo-test
launch: pitch_byte_rows<<<2, 32>>>(image, counts, out, pitch, width, height)
buffer: image f32 64*20 uniform -1 1
buffer: counts i32 64*20 randint 0 100
buffer: out f32 64 zeros
scalar: pitch = 80
scalar: width = 17
scalar: height = 60
check: out rtol=1e-5 atol=1e-5
note: rows of a pitched 2-D array reached through a byte pointer and cast back to the
note: element type (`(float *)((unsigned char *)image + y * pitch)`, pitch in bytes
note: passed at launch), and a pointer advanced by a byte step in a loop
note: (`c = (float *)((unsigned char *)c + step)`): whole elements again; a pitch that
note: is not a multiple of the element size would be a device assert (misaligned)
*/
// Pitched rows as image filters address them: the pitch counts bytes, so each row
// starts at a byte offset from the base, cast back to a pointer to elements.
typedef unsigned char uchar;

__device__ float column_sum(const float *c, unsigned int n, unsigned int step) {
  float sum = 0.0f;
  for (unsigned int k = 0; k < n; k++) {
    sum += *c;
    c = (const float *)((const uchar *)c + step);
  }
  return sum;
}

__global__ void pitch_byte_rows(const float *image, const int *counts, float *out,
                                unsigned int pitch, unsigned int width, unsigned int height) {
  const unsigned int y = blockIdx.x * blockDim.x + threadIdx.x;
  if (y >= height) return;
  const float *line = (const float *)((const uchar *)image + y * pitch);
  const int *cnt = (const int *)((const char *)counts + y * pitch);
  float s = 0.0f;
  for (unsigned int x = 0; x < width; x++)
    s += line[x] * (float)(cnt[x] % 7);
  // a column walked down by a step of 4 rows' bytes, from this thread's column
  s += column_sum(image + y % 16, 5, 4 * pitch);
  // two floats further along the row, by a constant byte offset
  s += *(const float *)((const uchar *)line + 2 * sizeof(float));
  out[y] = s;
}
