/* cuda2hlo-test
launch: column_integrals<<<dim3(2, 3), dim3(16, 4)>>>(u, b, w, p, top)
buffer: u f64 21*10*41 uniform -1 1
buffer: b f64 21*10*41 uniform -1 1
buffer: w f64 21*10*41 zeros
buffer: p f64 21*10*41 zeros
buffer: top f64 20*10 zeros
check: w rtol=1e-12 atol=1e-14
check: p rtol=1e-12 atol=1e-14
check: top rtol=1e-12 atol=1e-14
note: per-column integrals over k with a carried sum: upward from w = 0 at the bottom (a
note: store at k + 1, the top value after the loop), downward from the top for p. The
note: bundled backends match the oracle bit for bit; XLA CPU contracts a*b+c (last bits)
*/
// A column loop: each thread (i, j) walks its column k = 0 .. NZ-1 in order, carrying
// the running value in a scalar, as the vertical integrals of a hydrostatic model do.
#define NX 20
#define NY 10
#define NZ 40
#define IX(i, j, k) (((k) * NY + (j)) * (NX + 1) + (i))

__global__ void column_integrals(const double *u, const double *b, double *w, double *p,
                                 double *top)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY)
		return;
	double wk = 0.0;
	w[IX(i, j, 0)] = 0.0;
	for (int k = 0; k < NZ; k++) {
		double div = (u[IX(i + 1, j, k)] - u[IX(i, j, k)]) * 0.3;
		wk -= 0.7 * div;
		w[IX(i, j, k + 1)] = wk;
	}
	top[j * NX + i] = wk;
	double pk = -0.5 * 0.25 * b[IX(i, j, NZ - 1)];
	p[IX(i, j, NZ - 1)] = pk;
	for (int k = NZ - 2; k >= 0; k--) {
		pk -= 0.125 * (b[IX(i, j, k)] + b[IX(i, j, k + 1)]);
		p[IX(i, j, k)] = pk;
	}
}
