/* cuda2hlo-test
launch: tail_exchange<<<3, 32>>>(out, in, n)
buffer: in f32 400 uniform -10 10
buffer: out f32 400 const -1
scalar: n = 300
check: out
note: a blocked load of 4 items per thread with a partial tail (items past n are never
note: set), a blocked-to-striped exchange through shared memory, and a store guarded as
note: the load was: the unset items travel through shared memory but are never stored,
note: so the kernel raises with poison bits beside them (docs/idioms.md) and its
note: result does not depend on them; exact
*/
#define ITEMS 4
#define THREADS 32

__global__ void tail_exchange(float *out, const float *in, int n) {
  __shared__ float tile[THREADS * ITEMS];
  float items[ITEMS];
  int base = blockIdx.x * THREADS * ITEMS;
  int valid = n - base;
  for (int k = 0; k < ITEMS; k++)          // blocked load, partial at the end
    if (threadIdx.x * ITEMS + k < valid)
      items[k] = in[base + threadIdx.x * ITEMS + k] * 2.0f;
  for (int k = 0; k < ITEMS; k++)          // blocked to striped
    tile[threadIdx.x * ITEMS + k] = items[k];
  __syncthreads();
  for (int k = 0; k < ITEMS; k++)
    items[k] = tile[k * THREADS + threadIdx.x] + 1.0f;
  for (int k = 0; k < ITEMS; k++)          // striped store, guarded
    if (k * THREADS + threadIdx.x < valid)
      out[base + k * THREADS + threadIdx.x] = items[k];
}
