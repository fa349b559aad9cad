/* cuda2hlo-test
launch: ptr_result_null<<<2, 64>>>(v, ok, table, out, n, nt)
buffer: v f32 16*16 uniform -4 4
buffer: ok i32 16 randint 0 2
buffer: table i32 12x2 randint 0 13
buffer: out f32 100 zeros
scalar: n = 100
scalar: nt = 12
check: out rtol=0 atol=0
note: device functions that return a pointer into a buffer or a null pointer: a choice
note: `c ? &a[k] : 0`, a search that returns null when nothing matches; the caller tests
note: the result as it assigns it (`if ((p = f(x)))`, two joined by &&, `!= NULL`) and
note: reads through it only where the test says it is not null; a result set to NULL by an
note: assignment; exact bit for bit
*/
// Dynamic-programming kernels keep a triangle of a matrix and a function that returns
// where entry (i, j) lives, or null when the pair is not allowed; lookups in a table of
// special cases return null when there is none.
struct Entry {
  int key;
  int val;
};

__device__ int idx(int i, int j) { return i * 16 + j; }

__device__ float *entry(float *a, const int *ok, int i, int j) {
  return ok[i] && ok[j] ? &a[idx(i, j)] : 0;
}

__device__ const int *special(const Entry *t, int n, int key) {
  for (int i = 0; i < n; i++)
    if (t[i].key == key)
      return &t[i].val;
  return nullptr;
}

__global__ void ptr_result_null(float *v, const int *ok, const Entry *table, float *out, int n, int nt) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  int i = t % 16, j = (t / 16 + i) % 16;
  float acc = 0.0f;
  float *p, *q;
  const int *s;
  if ((p = entry(v, ok, i, j)))
    acc += *p;
  if (i > 2 && (p = entry(v, ok, i - 1, j)) && (q = entry(v, ok, j, i)))
    acc += p[0] * 2.0f - q[0];
  s = special(table, nt, t % 17);
  if (t % 5 == 0)
    s = NULL;                       // set to null by assignment
  if (s != NULL)
    acc += (float)*s;
  else
    acc -= 100.0f;
  out[t] = acc;
}
