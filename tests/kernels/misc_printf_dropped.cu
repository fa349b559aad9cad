/* cuda2hlo-test
launch: check_close<<<3, 128>>>(n, got, want, diff, mark, tally)
buffer: got f32 300 uniform -1 1
buffer: want f32 300 uniform -1 1
buffer: diff f32 300 zeros
buffer: mark i32 300 zeros
buffer: tally i32 300 zeros
scalar: n = 300
flags: --allow-printf
check: diff
check: mark
check: tally
note: device printf statements under --allow-printf: dropped with a warning; the argument
note: that writes (k++, a device function storing into mark) keeps its effect, the others
note: are not evaluated; the stores around the printfs are the result
*/
// A correctness check that reports mismatches with printf, as test programs write them.
#include <cstdio>

__device__ int flag_and_return(int *mark, int i, int v) {
  mark[i] = v + 1;
  return v;
}

__global__ void check_close(int n, const float *got, const float *want, float *diff, int *mark,
                            int *tally) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float d = got[i] - want[i];
    int k = 0;
    diff[i] = d;
    if (d > 0.5f || d < -0.5f) {
      printf("mismatch at %d: %f != %f (diff %f)\n", i, got[i], want[i], d);
      printf("count %d, flagged %d\n", k++, flag_and_return(mark, i, 7));
    }
    for (int j = 0; j < 3; j++)
      if (d > 0.25f * j)
        printf("step %d of %d\n", j, ++k);
    tally[i] = k;
  }
}
