// RUN: cuda2hlo %s --grid 1 --block 32 --size o=32 -o %out/k.mlir
// ERROR: stmt_expr_struct\.cu:13:9: error: this struct value cannot be translated
// ERROR: stmt_expr_struct\.cu:15:3: error: a statement expression `\(\{ \.\.\.; value; \}\)` translates only with a scalar value, its last statement
// ERROR: note: in kernel 'k'
// A statement expression whose value is a struct, or whose last statement is not an
// expression, is refused at its location; scalar ones translate (tests/kernels/stmt_expr.cu).
struct P {
  float x, y;
};

__global__ void k(float *o) {
  int t = threadIdx.x;
  P p = ({ P q; q.x = t; q.y = 2 * t; q; });
  o[t] = p.x + p.y;
  ({ o[t] += 1.0f; if (t > 3) o[t] = 2.0f; });
}
