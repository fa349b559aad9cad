/* cuda2hlo-test
launch: push<<<2, 64>>>(p, f, c, dt, n)
buffer: p f32 128x2 uniform -1 1
buffer: f f32 128x2 uniform -1 1
buffer: c f32 128x2 zeros
scalar: dt = 0.125
scalar: n = 128
check: p
check: c rtol=0 atol=0
note: p, f and c hold 128 structs of two 4-byte fields each
*/
// Structs in memory: a struct of k scalars of one size without padding is k consecutive
// elements of one buffer (p[i].v is element 2*i + 1), a field of another type of the
// same size (Cell::n) is read and written through a bitcast, a float2 shared array is a
// float[64][2], and whole structs are copied field by field.
struct Particle { float x, v; };
struct Cell { float a; int n; };
__global__ void push(Particle *p, const float2 *f, Cell *c, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __shared__ float2 s[64];
  if (i >= n) return;
  s[threadIdx.x] = f[i];
  s[threadIdx.x].y *= 2.0f;
  p[i].v += dt * s[threadIdx.x].x;
  (p + i)->x += dt * p[i].v + s[threadIdx.x].y;
  c[i].n = c[i].n + i;
  c[i].a = (float)c[i].n;
  Particle q = p[i];
  q.x = -q.x;
  p[i] = q;
}
