/* cuda2hlo-test
launch: forecast<<<2, 64>>>(x, fc, var, flags, s3, one, n)
launch: forecast<<<2, 64>>>(x, fc0, var0, flags0, s0, zero, n)
buffer: x f64 100 uniform -1 1
buffer: fc f64 300 zeros
buffer: var f64 300 zeros
buffer: flags i32 100 zeros
buffer: fc0 f64 300 const 5
buffer: var0 f64 300 const 7
buffer: flags0 i32 100 zeros
scalar: s3 = 3
scalar: s0 = 0
scalar: one = 1
scalar: zero = 0
scalar: n = 100
check: fc
check: var
check: flags
check: fc0
check: var0
check: flags0
note: launch 1 makes the pointers that steps and want_var guard null: nothing is written through them (fc0 and var0 keep their fill except where `none` and `pos` point)
*/
// Local pointers that are null unless a condition holds (`steps ? fc + i * steps :
// nullptr`), used only where the source proves them not null: in a loop
// `for (it = 0; it < steps; ...)`, under `if (want_var)`, `if (!steps)` (for one that is
// null when its condition holds), `if (pos && ...)` on a local condition, `if (p &&
// ...)` and `if (p != nullptr)`; tested against null (`p != nullptr`, `!p`, `p ? ...`)
// (HeCBench kalman main.cu:223, the forecast outputs of a Kalman filter).
__global__ void forecast(const double *x, double *fc, double *var, int *flags, int steps, int want_var, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double *b_fc = steps ? fc + i * steps : nullptr;
  double *b_var = want_var ? var + i * steps : nullptr;
  double *none = steps ? nullptr : var + 3 * i + 2;
  double a = x[i];
  int up = a > 0.25;
  double *pos = up ? fc + 3 * i + 1 : nullptr;
  for (int it = 0; it < steps; it++) {
    b_fc[it] = a * (it + 1);
    if (want_var) b_var[it] = a + it;
  }
  flags[i] = (b_fc != nullptr) + 2 * (b_var ? 1 : 0) + 4 * (none == nullptr) + 8 * !b_fc + 16 * (pos != nullptr);
  if (b_var && steps > 1) b_var[1] += 0.5;
  if (b_fc != nullptr) b_fc[0] -= a;
  if (!steps) none[0] = a * 4;
  if (i > 3 && up) pos[0] += 100.0;
}
