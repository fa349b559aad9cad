/* cuda2hlo-test
launch: scan_unsafe<<<4, 256>>>(x, out, n)
buffer: x f32 1000 uniform 0 1
buffer: out f32 1000 zeros
scalar: n = 1000
expect: race
note: within one level, thread t reads s[t - off] while thread t - off updates it; the
note: barrier after the update does not help (scan_hillis_steele double-buffers instead)
*/
// RACE: a Hillis-Steele scan in one shared buffer, read and write in the same phase.
__global__ void scan_unsafe(const float *x, float *out, int n) {
  __shared__ float s[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (int off = 1; off < 256; off *= 2) {
    if (t >= off) s[t] += s[t - off];
    __syncthreads();
  }
  if (i < n) out[i] = s[t];
}
