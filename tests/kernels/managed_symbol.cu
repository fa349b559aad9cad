/* cuda2hlo-test
launch: bucket<<<2, 64>>>(keys, slot, n)
launch: count_full<<<1, 32>>>(slot)
buffer: keys i32 128 randint 0 100000
buffer: slot i32 128 zeros
constant: P i32 1 const 13
constant: used i32 13 zeros
constant: full i32 1 zeros
scalar: n = 120
check: slot rtol=0 atol=0
check: used rtol=0 atol=0
check: full rtol=0 atol=0
note: __managed__ variables (a modulus the host sets by assignment, a table of counters
note: and a flag the host reads after the launches) are __device__ memory that the host
note: also touches: arguments of the module named after them and results when written;
note: exact
*/
// A hash-bucket pass in the style of published graph codes: the modulus lives in managed
// memory that the host program assigns directly, the kernels count into a managed table.
__managed__ int P;
__managed__ int used[13];
__device__ __managed__ int full = 0;

__global__ void bucket(const int *keys, int *slot, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int key = keys[i];
  key %= P;
  slot[i] = key;
  atomicAdd(&used[key], 1);
}

__global__ void count_full(const int *slot) {
  int b = threadIdx.x;
  if (b < P && used[b] > 10) atomicAdd(&full, 1);
}
