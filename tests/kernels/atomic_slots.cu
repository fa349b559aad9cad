/* cuda2hlo-test
launch: compact<<<6, 64>>>(x, out, src, cnt, neg, tick, n)
buffer: x f32 370 uniform -1 1
buffer: out f32 370 const -9
buffer: src i32 370 const -1
buffer: cnt i32 2 const 5
buffer: neg i32 1 zeros
buffer: tick i32 384 const 7
scalar: n = 370
check: out
check: src
check: cnt
check: neg
check: tick
note: stream compaction with slots from atomicAdd(&cnt[1], 2) under a data guard and a
note: thread guard (n not a multiple of the 384 threads), cnt[1] starting at 5. Which slot
note: a thread gets depends on the order the threads take them: the oracle and the SIMT
note: strategy take lane order (a GPU need not), and so must the raised module
*/
// Atomics whose old value is used: a ticket per thread, a slot per kept element (stream
// compaction), the counter's final value the total. atomicSub's old value counts down.
__global__ void compact(const float *x, float *out, int *src, int *cnt, int *neg, int *tick,
                        int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  tick[i] = atomicAdd(&cnt[0], 3);   // every running thread: 5 + 3 * i in lane order
  if (x[i] > 0.25f) {
    int s = atomicAdd(&cnt[1], 2);
    out[s / 2] = x[i];
    src[s / 2] = i;
  }
  if (x[i] < -0.5f) src[369 - atomicSub(neg, -1)] = -i;
}
