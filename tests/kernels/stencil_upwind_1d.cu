/* cuda2hlo-test
launch: upwind<<<4, 128>>>(u, c, v, n, dt)
buffer: u f32 500 uniform -1 1
buffer: c f32 500 uniform -1 1
buffer: v f32 500 zeros
scalar: n = 500
scalar: dt = 0.4
check: v
*/
// First-order upwind advection: the stencil side depends on the sign of the velocity.
__global__ void upwind(const float *u, const float *c, float *v, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i == 0 || i == n - 1) { v[i] = u[i]; return; }
  float ci = c[i];
  float du = ci > 0.0f ? u[i] - u[i - 1] : u[i + 1] - u[i];
  v[i] = u[i] - dt * ci * du;
}
