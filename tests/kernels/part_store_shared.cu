/* cuda2hlo-test
launch: pack_bytes<<<2, 32>>>(in, out, res)
buffer: in u32 64 randint 0 4294967296
buffer: out u32 64 zeros
buffer: res i32 64 zeros
check: out rtol=0 atol=0
check: res rtol=0 atol=0
note: byte stores into __shared__ words: into words no thread wrote before (bytes 0 and
note: 3 only; later reads of those bytes are of set values), and into words written
note: whole in the phase before while, in the same phase, other threads read another
note: byte of them; main's binary refuses both (the read-modify-write's load counted as
note: a read of unset memory, the other byte's read as a race); exact bit for bit
*/
// Per-block byte tables packed into words of shared memory.
__global__ void pack_bytes(const unsigned *in, unsigned *out, int *res) {
  __shared__ unsigned s[64];
  int t = threadIdx.x, g = blockIdx.x * 32 + t;
  s[t] = in[g];                                                  // words 0..31 whole
  ((unsigned char *)s)[4 * (32 + t)] = (unsigned char)(t + 3);   // words 32..63: bytes 0
  ((unsigned char *)s)[4 * (32 + t) + 3] = (unsigned char)(in[g] >> 24);   // and 3 only
  __syncthreads();
  int u = (t + 1) % 32;
  ((unsigned char *)s)[4 * t + 1] = (unsigned char)(7 * t);      // byte 1 of word t
  res[g] = ((unsigned char *)s)[4 * (32 + u)] + ((unsigned char *)s)[4 * (32 + (t + 5) % 32) + 3] * 256 +
           ((unsigned char *)s)[4 * u + 2] * 65536;              // byte 2 of word u: no race
  __syncthreads();
  out[g] = s[t];
}
