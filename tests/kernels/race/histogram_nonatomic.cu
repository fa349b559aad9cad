/* cuda2hlo-test
launch: hist_plain<<<20, 256>>>(data, hist, n)
buffer: data i32 5000 randint 0 64
buffer: hist i32 64 zeros
scalar: n = 5000
expect: race
note: hist[data[i]]++ is a read-modify-write without an atomic; threads with equal data collide
*/
// RACE: a histogram without atomicAdd.
__global__ void hist_plain(const int *data, int *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) hist[data[i]]++;
}
