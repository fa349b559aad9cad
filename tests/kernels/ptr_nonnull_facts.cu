/* cuda2hlo-test
launch: facts<<<2, 64>>>(a, out, cnt, one, n)
launch: facts<<<2, 64>>>(a, out0, cnt0, zero, n)
buffer: a f32 128 uniform -1 1
buffer: out f32 400 zeros
buffer: cnt i32 100 zeros
buffer: out0 f32 400 const 9
buffer: cnt0 i32 100 zeros
scalar: one = 1
scalar: zero = 0
scalar: n = 100
check: out
check: cnt
check: out0
check: cnt0
note: launch 1 makes q null and z an address: out0 keeps its fill except z's slots
*/
// Where the source proves a pointer that may be null not null, beyond the then-branch
// of an if: the right operand of `p && ...` and of `!p || ...`, the arms of `p ? ... :
// ...` and `!p ? ... : ...`, the else branch of `if (p == nullptr)`, and the rest of a
// block after an early exit `if (!r) continue;`, `if (!use) { ...; return; }`,
// `if (q == nullptr) return;`. Pointers from a device function that may return null
// and local `c ? A : nullptr` (HeCBench kalman main.cu:223 makes the latter).
__device__ const float *find(const float *a, int i, int lim) {
  if (i % 3 == 0 || i >= lim)
    return nullptr;
  return a + i;
}
__global__ void facts(const float *a, float *out, int *cnt, int use, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float *p = find(a, i, n - 5);
  float *q = use ? out + 4 * i : nullptr;
  float *z = use ? nullptr : out + 4 * i + 3;
  float s = 0.0f;
  int c = 0;
  c += p && *p > 0.0f;
  s += p ? p[0] * 2.0f : -1.0f;
  s += !p ? 0.5f : p[0];
  c += 2 * (!p || p[0] < 0.0f);
  if (p == nullptr) s += 16.0f; else s += p[0] * 4.0f;
  c += 4 * (use && q[0] == 0.0f);
  for (int k = 1; k < 4; k++) {
    const float *r = find(a, i + k, n);
    if (!r) continue;
    s += r[0];
  }
  cnt[i] = c;
  if (!use) {
    z[0] = s;
    return;
  }
  q[0] = s;
  if (q == nullptr) return;
  q[1] = s * 2.0f;
}
