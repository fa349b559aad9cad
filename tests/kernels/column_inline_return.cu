/* cuda2hlo-test
launch: column_inline_return<<<dim3(3, 6), dim3(32, 1)>>>(kx, ky, lo, up, rhs, loc, cp, dp, x)
buffer: kx f64 71*7*80 uniform 0.5 2
buffer: ky f64 71*7*80 uniform 0.5 2
buffer: lo f64 71*7*80 uniform -1 1
buffer: up f64 71*7*80 uniform -1 1
buffer: rhs f64 71*7*80 uniform -10 10
buffer: cp f64 71*7*80 zeros
buffer: dp f64 71*7*80 zeros
buffer: x f64 71*7*80 zeros
scalar: loc = 1
check: cp rtol=1e-12 atol=1e-14
check: dp rtol=1e-12 atol=1e-14
check: x rtol=1e-12 atol=1e-14
note: a tridiagonal solve per column (Thomas) whose coefficient comes from a device function
note: with early returns (inlined as a block with exits inside the column loop's body): the
note: loops stay column whiles (affine_column.c allows exits of blocks inside the body)
*/
// The diffusivity on a column's face by the field's staggering: a device function written
// with early returns, as model code often is.
#define NX 70
#define NY 6
#define NZ 80
#define IX(i, j, k) (((k) * (NY + 1) + (j)) * (NX + 1) + (i))

__device__ double face_coefficient(const double *kx, const double *ky, int i, int j, int k, int loc)
{
	if (loc == 1)
		return 0.5 * (kx[IX(i, j, k)] + kx[IX(i + 1, j, k)]);
	if (loc == 2)
		return 0.5 * (ky[IX(i, j, k)] + ky[IX(i, j + 1, k)]);
	return kx[IX(i, j, k)];
}

__global__ void column_inline_return(const double *kx, const double *ky, const double *lo,
				     const double *up, const double *rhs, int loc, double *cp, double *dp, double *x)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y;
	if (i >= NX)
		return;
	double c = 0.0, d = 0.0;
	for (int k = 0; k < NZ; k++) {
		double a = k > 0 ? lo[IX(i, j, k)] : 0.0;
		double m = 4.0 + face_coefficient(kx, ky, i, j, k, loc) - a * c;
		c = up[IX(i, j, k)] / m;
		d = (rhs[IX(i, j, k)] - a * d) / m;
		cp[IX(i, j, k)] = c;
		dp[IX(i, j, k)] = d;
	}
	double xk = d;
	x[IX(i, j, NZ - 1)] = xk;
	for (int k = NZ - 2; k >= 0; k--) {
		xk = dp[IX(i, j, k)] - cp[IX(i, j, k)] * xk;
		x[IX(i, j, k)] = xk;
	}
}
