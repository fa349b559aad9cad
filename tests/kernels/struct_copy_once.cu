/* cuda2hlo-test
launch: struct_copy_once<<<1, 32>>>(g, f, out)
buffer: g i32 256 randint 0 100
buffer: f f32 256 uniform -1 1
buffer: out i32 256 zeros
check: g
check: f
check: out
*/
// A struct copied field by field to or from memory whose address has effects evaluates
// it once (frontend sequence.c addr_once), not once per field: `arr[j++] = s` on a local
// array of structs, a float4 through a pointer view read and written at `v[m++]` and
// `v[m]`, a copy whose source's subscript increments what the destination's reads
// (C++17: the source first). And a member store whose value increments what the
// subscript reads, `arr[j & 3].x = j++` (the value first).
struct P { int x, y; };
__global__ void struct_copy_once(int *g, float *f, int *out) {
  int t = threadIdx.x;
  P arr[4] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}};
  P src[4] = {{g[t], 10}, {11, g[t + 32]}, {13, 14}, {15, 16}};
  int j = t & 1;
  P s = {t, j};
  arr[j++] = s;
  arr[j & 3].x = j++;
  arr[j & 3] = src[j++ & 3];
  P w = src[j-- & 3];
  float4 *v = reinterpret_cast<float4 *>(f) + t * 2;
  int m = 0;
  v[m++] = v[m];
  float4 u = v[m++];
  v[0].w = u.x + (float)m;
  for (int q = 0; q < 4; q++) {
    out[t * 8 + 2 * q] = arr[q].x;
    out[t * 8 + 2 * q + 1] = arr[q].y;
  }
  out[t * 8] += j * 1000 + m * 10000 + w.x * 100000;
}
