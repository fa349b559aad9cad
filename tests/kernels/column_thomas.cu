/* cuda2hlo-test
launch: column_thomas<<<dim3(3, 6), dim3(32, 1)>>>(lo, di, up, rhs, cp, dp, x)
buffer: lo f32 70*6*80 uniform -1 1
buffer: di f32 70*6*80 uniform 4 6
buffer: up f32 70*6*80 uniform -1 1
buffer: rhs f32 70*6*80 uniform -10 10
buffer: cp f32 70*6*80 zeros
buffer: dp f32 70*6*80 zeros
buffer: x f32 70*6*80 zeros
check: cp rtol=1e-5 atol=1e-6
check: dp rtol=1e-5 atol=1e-6
check: x rtol=1e-5 atol=1e-6
note: a tridiagonal solve per column (Thomas algorithm): the forward sweep carries c' and
note: d' in scalars (stored for the back substitution), the back substitution carries x
note: downward from the top; 80 levels (more than are unrolled). Diagonally dominant.
*/
// Implicit vertical diffusion in an ocean or atmosphere model solves one tridiagonal
// system per water column: lo[k] x[k-1] + di[k] x[k] + up[k] x[k+1] = rhs[k].
#define NX 70
#define NY 6
#define NZ 80
#define IX(i, j, k) (((k) * NY + (j)) * NX + (i))

__global__ void column_thomas(const float *lo, const float *di, const float *up,
                              const float *rhs, float *cp, float *dp, float *x)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y;
	if (i >= NX)
		return;
	float c = 0.0f, d = 0.0f;
	for (int k = 0; k < NZ; k++) {
		float a = k > 0 ? lo[IX(i, j, k)] : 0.0f;
		float m = di[IX(i, j, k)] - a * c;
		c = up[IX(i, j, k)] / m;
		d = (rhs[IX(i, j, k)] - a * d) / m;
		cp[IX(i, j, k)] = c;
		dp[IX(i, j, k)] = d;
	}
	float xk = d;
	x[IX(i, j, NZ - 1)] = xk;
	for (int k = NZ - 2; k >= 0; k--) {
		xk = dp[IX(i, j, k)] - cp[IX(i, j, k)] * xk;
		x[IX(i, j, k)] = xk;
	}
}
