/* cuda2hlo-test
launch: nearest_image<<<2, 64>>>(pos, rb, out, n, m)
buffer: pos i32 2048*3 randint -4 4
buffer: rb i32 9 randint -2 2
buffer: out f32 128 zeros
scalar: n = 120
scalar: m = 2048
check: out
*/
// The definite-assignment check (src/frontend/assigned.c) walks a loop whose trip count
// --set makes known (m = 2048) iteration by iteration within a budget of statements. The
// branch that the data never takes costs its 400-trip loop in every iteration of that
// walk, so the budget runs out inside the outer loop. The 3-element arrays set by index
// in 3-trip loops (d, img) must still be seen as set where they are read: only the outer
// loop is then walked as a whole, never the inner ones (an iteration that skips with
// `continue` leaves d and img as they were, so at the outer loop's rest they are set
// only where the inner loops set them). HeCBench mcmd's force kernel
// (a loop over all atoms with a nearest-image computation in it, issue 20) was refused
// at its launch for this. The values are small integers, converted to f32: every sum is exact.
__global__ void nearest_image(const int *pos, const int *rb, float *out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float d[3], img[3];
  int j, c, q;
  float acc = 0.0f;
  for (j = 0; j < m; j++) {
    if (pos[j * 3] > 100) {
      for (c = 0; c < 400; c++)
        acc += (float)(rb[c % 9] * c);
    }
    if (pos[j * 3 + 1] == 3)
      continue;
    for (c = 0; c < 3; c++)
      d[c] = (float)(pos[j * 3 + c] - pos[(i % m) * 3 + c]);
    for (c = 0; c < 3; c++) {
      img[c] = 0.0f;
      for (q = 0; q < 3; q++)
        img[c] += (float)rb[c * 3 + q] * d[q];
      img[c] = rintf(img[c] * 0.5f);
    }
    for (c = 0; c < 3; c++)
      acc += img[c] - d[c];
  }
  out[i] = acc;
}
