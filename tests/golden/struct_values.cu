/* cuda2hlo-test
launch: structs<<<1, 32>>>(g{n=4, h=0.25}, o)
buffer: o f32 32 uniform -1 1
check: o
*/
// Structs by value: a device function returning a brace list, copies, a struct passed
// by non-const reference (its writes reach the caller), nested struct fields, and a
// struct parameter passed on to a device function; brace lists with nested braces and
// with brace elision.
struct P { float x, y; };
struct Box { P lo; int n; };
struct G { int n; float h; };
__device__ P mk(float a) { return {a, 2 * a}; }
__device__ void bump(P &p, float d) { p.x += d; }
__device__ float scaled(G g, float v) { return v * g.h + g.n; }
__global__ void structs(G g, float *o) {
  int i = threadIdx.x;
  P a = mk(1.0f);
  P b = a;
  bump(b, 3.0f);
  Box bx;
  bx.lo = b;
  bx.n = 2;
  Box nested = {{0.5f, 1.5f}, 3};
  Box elided = {0.25f, b.y, i};
  o[i] = a.x + b.x + bx.lo.y + bx.n + scaled(g, o[i]) + nested.lo.y * nested.n + elided.lo.y * elided.n;
}
