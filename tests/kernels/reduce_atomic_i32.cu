/* cuda2hlo-test
launch: count_above<<<10, 128>>>(v, count, total, n, threshold)
buffer: v i32 1200 randint -500 500
buffer: count i32 1 zeros
buffer: total i32 1 zeros
scalar: n = 1200
scalar: threshold = 100
check: count
check: total
*/
// Integer atomicAdd: a conditional count and a sum (exact whatever the order).
__global__ void count_above(const int *v, int *count, int *total, int n, int threshold) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = v[i];
  if (x > threshold) atomicAdd(&count[0], 1);
  atomicAdd(total, x);
}
