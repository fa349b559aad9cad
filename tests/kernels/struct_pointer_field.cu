/* cuda2hlo-test
launch: struct_pointer_field<<<2, 32>>>(a, days, out, cnt, n)
buffer: a f32 64*3 uniform -8 8
buffer: days i32 64*3 randint 0 1000
buffer: out f32 64*4 zeros
buffer: cnt i32 64*3 zeros
scalar: n = 60
check: out rtol=0 atol=0
check: cnt
note: sums of two or three floats in one fixed order and integer arithmetic: exact
*/
// A local struct whose pointer field points at a local array (of structs or of scalars)
// or into a buffer, then read and written through: the field is a pointer that moves, so
// copies of the struct (a declaration, an assignment, a brace list, an argument passed
// by value) each have their own offset, and moving the copy leaves the original in
// place (HeCBench bonds: a cash-flow struct whose legs field is bound to a local array
// of coupons and passed to device functions by value).
struct Leg {
  int day;
  float amount;
};

struct Flows {
  Leg *legs;
  int n;
  const float *src;
};

struct Acc {
  int *hits;
  float bias;
};

__device__ float total(Flows f) {
  float s = 0.0f;
  for (int j = 0; j < f.n; j++) s += f.legs[j].amount;
  f.legs += 1;                 /* the callee's copy moves; the caller's does not */
  return s + f.legs[0].amount;
}

__device__ int late_days(Flows f, int after) {
  int c = 0;
  for (int j = 0; j < f.n; j++) c += f.legs[j].day > after ? 1 : 0;
  return c;
}

__device__ void count(Acc acc, int k) { acc.hits[k] += 1; }

__global__ void struct_pointer_field(const float *a, const int *days, float *out, int *cnt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Leg legs[3];
  Flows f;
  f.legs = legs;
  f.n = 3;
  f.src = a + 3 * i;           /* into a buffer, at an offset */
  for (int j = 0; j < f.n; j++) {
    f.legs[j].day = days[3 * i + j];
    f.legs[j].amount = f.src[j];
  }
  out[4 * i] = total(f);       /* legs[0..2] + legs[1] */

  Flows g = f;                 /* a copy, moved: f stays at legs[0] */
  g.legs = g.legs + 1;
  g.n = 2;
  g.legs[0].amount = f.legs[2].amount + g.legs[1].amount;   /* legs[1] = 2 * legs[2] */
  out[4 * i + 1] = f.legs[1].amount;

  Flows h = {legs + 2, 1, f.src + 1};
  h.src++;                     /* a[3i + 2] */
  out[4 * i + 2] = h.legs[0].amount + h.src[0];

  h = g;                       /* an assignment copies the binding: legs[1], legs[2] */
  cnt[3 * i] = late_days(h, 500) + 10 * late_days(f, 500);

  int hits[2] = {0, 0};
  Acc acc;
  acc.hits = hits;
  acc.bias = 0.5f;
  for (int j = 0; j < 3; j++) count(acc, legs[j].day & 1);
  Acc *p = &acc;
  p->hits[1] += 100;
  cnt[3 * i + 1] = hits[0];
  cnt[3 * i + 2] = acc.hits[1];
  out[4 * i + 3] = acc.bias + h.legs[1].amount;
}
