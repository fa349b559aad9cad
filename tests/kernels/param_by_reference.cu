/* cuda2hlo-test
launch: param_by_reference<<<2, 64>>>(out, cnt, n, seed)
buffer: out f64 128*2 zeros
buffer: cnt i32 128 zeros
scalar: n = 100
scalar: seed = 12345
check: out rtol=0 atol=0
check: cnt rtol=0 atol=0
note: the address of a scalar kernel parameter passed to a device function that updates
note: it (a random generator's state): each thread's own copy of the parameter
*/
// A linear congruential generator whose state is the kernel's seed parameter, as sampling
// kernels write it: `draw(&seed)` reads and advances the thread's copy of the parameter.
#include <stdint.h>

__device__ double draw(uint64_t *state) {
  const uint64_t m = 9223372036854775808ULL;  // 2^63
  const uint64_t a = 2806196910506780709ULL;
  *state = (a * (*state) + 1ULL) % m;
  return (double)(*state) / (double)m;
}

__device__ void bump(int *k, int by) { *k += by; }

__global__ void param_by_reference(double *out, int *cnt, int n, uint64_t seed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  seed += i;                      // this thread's stream
  double r = draw(&seed);
  out[i] = r;
  if (i < n)
    r = draw(&seed);              // a second draw on some threads only
  out[128 + i] = r + (double)(seed % 7);
  bump(&n, i % 3);                // a 32-bit parameter by reference
  cnt[i] = n;
}
