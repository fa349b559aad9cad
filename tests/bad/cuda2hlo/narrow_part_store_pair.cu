// RUN: cuda2hlo %s --grid 2 --block 32 --size q=65 -o %out/k.mlir
// ERROR: narrow_part_store_pair\.cu:14:3: error: a store into part of a 8-byte element of 'q' cannot be translated: two threads write parts of one element \(block \(\d+,0,0\) thread \(\d+,0,0\) here and block \(\d+,0,0\) thread \(\d+,0,0\) at the other store\); it rewrites the whole element
// ERROR: narrow_part_store_pair\.cu:13:3: note: the other store
// ERROR: note: in kernel 'halves'
// Each store alone writes one i32 half of a thread's own i64, but thread t's second store
// writes the high half of q[t + 1], whose low half thread t + 1 writes: two threads, one
// element, so the element's read-modify-write is refused (located at the later store).
__global__ void halves(long long *q) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int *h = (int *)q;
  if (t >= 64)
    return;
  h[2 * t] = t;
  h[2 * t + 3] = -t;
}
