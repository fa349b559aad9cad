/* cuda2hlo-test
launch: print_check<<<dim3(2, 3), dim3(8, 2)>>>(got, want, big, mark, n)
buffer: got f32 96 uniform -1 1
buffer: want f32 96 uniform -1 1
buffer: big i64 96 randint -9000000000 9000000000
buffer: mark i32 96 zeros
scalar: n = 90
check: mark
check: stdout
note: device printf as module outputs: each call site stores a fired flag and its promoted
note: arguments per thread, the host formats them after the launch; the printed lines
note: equal the oracle's (as a multiset: CUDA orders no two threads). Conversions: d i u
note: x X o c f F e E g G a s(literal) ld lld llu hhd, flags, widths, precisions, %%; a
note: site in a device function inlined twice; an argument with an effect (k++)
*/
// A check kernel that reports what it finds with printf, as test programs do.
#include <cstdio>

__device__ void report(int which, int i, float v) {
  if (v > 0.75f)
    printf("%s %d of %d: %+.3f %%\n", "value", i, which, v);
}

__global__ void print_check(const float *got, const float *want, const long long *big, int *mark,
                            int n) {
  int i = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x * blockDim.y +
          threadIdx.y * blockDim.x + threadIdx.x;
  int k = 0;
  if (i >= n)
    return;
  float d = got[i] - want[i];
  if (d > 0.5f || d < -0.5f)
    printf("mismatch at %d (block %u,%u thread %u,%u): %f != %f, diff %e\n", i, blockIdx.x,
           blockIdx.y, threadIdx.x, threadIdx.y, got[i], want[i], d);
  if (i % 7 == 0)
    printf("[%5d|%-5i|%05u|%x|%X|%#o|%c|%F|%E|%g|%G|%a|%.2f|%10.4e|%s|%-6s|%hhd]\n", i, -i,
           (unsigned)i * 3u, i * 4096 + 11, i * 977, i, 'A' + i % 26, (double)d * 1e3, d, d * 1e-7f,
           d * 1e9f, d, 1.0f / (i + 1), d, "lit", "ab", i * 37);
  if (i % 11 == 3)
    printf("big %lld %llu %ld %llx k=%d\n", big[i], (unsigned long long)big[i], (long)(big[i] / 3),
           big[i], k++);
  report(0, i, got[i]);
  report(1, i, want[i]);
  mark[i] = k + 1;
}
