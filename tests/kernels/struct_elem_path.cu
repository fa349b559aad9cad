/* cuda2hlo-test
launch: sweep_steps<<<4, 64>>>(all{step[0].z=3, step[0].on=1, step[0].w[0]=0.5, step[0].w[1]=-2.0, step[1].z=-1, step[1].on=0, step[1].w[0]=1.5, step[1].w[1]=0.25, step[2].z=7, step[2].on=1, step[2].w[0]=-0.75, step[2].w[1]=4.0, step[3].z=2, step[3].on=1, step[3].w[0]=3.0, step[3].w[1]=-1.0, n=250}, x, y, tag)
buffer: x f32 256 uniform -1 1
buffer: y f32 256 zeros
buffer: tag i32 256 zeros
check: y rtol=1e-6 atol=1e-6
check: tag
note: a member of an element of an array of structs held in variables, at a run-time index
note: (`all.step[o].z`, `all.step[o].w[1]`: a parameter struct by value; `loc.p[j].b` of a
note: local struct): the select over the elements' fields
*/
// Sweep codes pass per-octant step descriptions in one struct by value and read the
// octant's entry with the octant a thread works on (all.step[octant].block_z).
struct Step {
  int z;
  int on;
  float w[2];
};
struct Steps {
  Step step[4];
  int n;
};
struct Pair {
  int a;
  int b;
};
struct Local {
  Pair p[3];
};

__global__ void sweep_steps(Steps all, const float *x, float *y, int *tag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int o = (i / 3) % 4;
  if (i >= all.n) return;
  Local loc;
  loc.p[0].a = i;
  loc.p[0].b = -i;
  loc.p[1].a = 1 + i;
  loc.p[1].b = 10 - i;
  loc.p[2] = Pair{2 + i, 20 - i};
  int j = i % 3;
  y[i] = all.step[o].on ? x[i] * all.step[o].w[1] + all.step[o].w[0] * (float)all.step[o].z
                        : -x[i];
  tag[i] = loc.p[j].b + all.step[(o + 1) % 4].z * loc.p[2 - j].a;
}
