/* cuda2hlo-test
launch: struct_arrfield_load<<<2, 64>>>(out, in, k, n)
buffer: out f32 128x4 zeros
buffer: in f32 128x4 uniform -50 50
buffer: k i32 128 randint 0 1000
scalar: n = 120
check: out rtol=0 atol=0
note: a struct with an array field loaded from memory into a local, an element stored at
note: a run-time index, the struct stored back whole and read at another index; exact
*/
// Accumulator structs are read from memory, updated at a computed slot and written back.
struct Acc {
  float s[4];
};

__global__ void struct_arrfield_load(Acc *out, const Acc *in, const int *k, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  Acc a = in[t];
  a.s[k[t] & 3] = -1.0f;
  a.s[(k[t] + 1) & 3] += a.s[(k[t] + 2) & 3];
  out[t] = a;
}
