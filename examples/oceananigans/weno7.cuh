/* weno7.cuh: the seventh-order WENO-Z reconstruction of Oceananigans' WENO(order=7)
 * (Oceananigans.jl v0.110.19, src/Advection/weno_interpolants.jl), written here from its
 * formulas. Consumes the seven upwind-biased cell values around a face; produces the
 * value on the face. Included by ocean.cu (tracer advection with -DOCEAN_TRACER_ORDER=7,
 * which needs a halo of 4) and by tests/ocean/weno7_order.cu.
 *
 * Four candidate stencils of four cells each; with v4 the nearest upwind cell and the face
 * between v4 and v5, stencil r = 0 is (v4, v5, v6, v7), r = 1 (v3..v6), r = 2 (v2..v5),
 * r = 3 (v1..v4). Each stencil's cubic gives a face value q_r (uniform-grid finite-volume
 * coefficients); the linear weights C*_r = 4/35, 18/35, 12/35, 1/35 (Balsara & Shu 2000)
 * combine them to the seventh-order upwind value. The nonlinear weights are Z-WENO:
 * alpha_r = C*_r (1 + (tau / (beta_r + eps))^2), tau = |beta_0 + 3 beta_1 - 3 beta_2 -
 * beta_3| (Don & Borges 2013), with Oceananigans' smoothness indicators beta_r: the
 * quadratic forms of Balsara & Shu with Oceananigans' coefficients (theirs divided by
 * 1000, as Oceananigans tabulates them). */
#ifndef OCEAN_WENO7_CUH
#define OCEAN_WENO7_CUH

#ifndef WENO_EPS
#define WENO_EPS 1.0e-8
#endif

/* beta for four values a, b, c, d in Oceananigans' stencil order with coefficients
 * C1..C10: a (C1 a + C2 b + C3 c + C4 d) + b (C5 b + C6 c + C7 d) + c (C8 c + C9 d)
 * + C10 d^2. */
__device__ double weno7_beta(double a, double b, double c, double d, double c1, double c2,
			     double c3, double c4, double c5, double c6, double c7, double c8,
			     double c9, double c10)
{
	return a * (c1 * a + c2 * b + c3 * c + c4 * d) + b * (c5 * b + c6 * c + c7 * d) +
	       c * (c8 * c + c9 * d) + c10 * d * d;
}

/* Z-WENO weight of one stencil (not normalized). */
__device__ double weno7_alpha(double cstar, double tau, double beta)
{
	double r = tau / (beta + WENO_EPS);
	return cstar * (1.0 + r * r);
}

/* The face value from v1..v7, v4 the nearest upwind cell (for a negative velocity pass
 * the cells in reverse order, as face_value does for WENO5). */
__device__ double weno7(double v1, double v2, double v3, double v4, double v5, double v6,
			double v7)
{
	double q0 = 0.25 * v4 + 13.0 / 12.0 * v5 - 5.0 / 12.0 * v6 + 1.0 / 12.0 * v7;
	double q1 = -1.0 / 12.0 * v3 + 7.0 / 12.0 * v4 + 7.0 / 12.0 * v5 - 1.0 / 12.0 * v6;
	double q2 = 1.0 / 12.0 * v2 - 5.0 / 12.0 * v3 + 13.0 / 12.0 * v4 + 0.25 * v5;
	double q3 = -0.25 * v1 + 13.0 / 12.0 * v2 - 23.0 / 12.0 * v3 + 25.0 / 12.0 * v4;
	double b0 = weno7_beta(v4, v5, v6, v7, 2.107, -9.402, 7.042, -1.854, 11.003, -17.246,
			       4.642, 7.043, -3.882, 0.547);
	double b1 = weno7_beta(v3, v4, v5, v6, 0.547, -2.522, 1.922, -0.494, 3.443, -5.966,
			       1.602, 2.843, -1.642, 0.267);
	double b2 = weno7_beta(v2, v3, v4, v5, 0.267, -1.642, 1.602, -0.494, 2.843, -5.966,
			       1.922, 3.443, -2.522, 0.547);
	double b3 = weno7_beta(v1, v2, v3, v4, 0.547, -3.882, 4.642, -1.854, 7.043, -17.246,
			       7.042, 11.003, -9.402, 2.107);
	double tau = fabs(b0 + 3.0 * b1 - 3.0 * b2 - b3);
	double a0 = weno7_alpha(4.0 / 35.0, tau, b0);
	double a1 = weno7_alpha(18.0 / 35.0, tau, b1);
	double a2 = weno7_alpha(12.0 / 35.0, tau, b2);
	double a3 = weno7_alpha(1.0 / 35.0, tau, b3);
	return (a0 * q0 + a1 * q1 + a2 * q2 + a3 * q3) / (a0 + a1 + a2 + a3);
}

#endif
