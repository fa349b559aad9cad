/* vector_invariant.cuh: momentum advection in vector-invariant form, as Oceananigans'
 * WENOVectorInvariant(order=5) computes it (Oceananigans.jl v0.110.19,
 * src/Advection/vector_invariant_advection.jl, vector_invariant_self_upwinding.jl,
 * vector_invariant_upwinding.jl, weno_interpolants.jl), written here from its formulas for
 * this model's uniform grid. Consumes u, v, w with filled halos; produces U·∇u at u points
 * and U·∇v at v points, which u_tendency and v_tendency subtract instead of the centred
 * flux form when -DOCEAN_VECTOR_INVARIANT=1.
 *
 *   U·∇u = -v̂ ζᴿ + (Φᵟ + δz(w̃ uᴿ)) / V + (δKuᴿ + δKvˢ) / Δx          (and likewise for v)
 *
 * - vorticity term: ζ = δx v/Δx - δy u/Δy at (face, face) points, reconstructed to the
 *   u point by WENO5 in y (to the v point in x), upwind by the four-point average v̂ of
 *   the transverse velocity; the smoothness indicators are the mean of those of u and v
 *   interpolated to the (face, face) points (VelocityStencil);
 * - vertical advection with self-upwinded divergence (OnlySelfUpwinding): Φᵟ = u (δvˢ +
 *   δuᴿ), δuᴿ the WENO5 reconstruction of δx(Ax u) (smoothness of the horizontal
 *   divergence), δvˢ the centred fourth-order interpolation of δy(Ay v); the vertical flux
 *   w̃ uᴿ with w̃ the centred fourth-order interpolation of Az w and uᴿ the WENO5
 *   reconstruction of u in z;
 * - kinetic-energy gradient, self-upwinded: δKuᴿ the WENO5 reconstruction of δx(u²/2)
 *   (smoothness of u at centres), δKvˢ the centred fourth-order interpolation of
 *   δx(v²/2) from the (face, face) points.
 * WENO5 here uses Oceananigans' Z-WENO weights and tabulated smoothness coefficients
 * (three times Jiang and Shu's). Near the y walls and the bottom and top, the order is
 * reduced as Oceananigans does in a Bounded direction (WENOVectorInvariant's buffer
 * chain WENO5 -> WENO3 -> first-order upwind; centred fourth order -> second order), by
 * the position of the reconstruction point; x is periodic. Planetary vorticity f stays in
 * the Coriolis terms (coriolis.cuh), as Oceananigans keeps it in its Coriolis scheme.
 * Simplification: the vorticity is reconstructed at fifth order (Oceananigans' default
 * WENOVectorInvariant() takes order 9 for it; order=5 sets all four to 5). */
#ifndef OCEAN_VECTOR_INVARIANT_CUH
#define OCEAN_VECTOR_INVARIANT_CUH

#ifndef OCEAN_VECTOR_INVARIANT
#define OCEAN_VECTOR_INVARIANT 0
#endif
#ifndef WENO_EPS
#define WENO_EPS 1.0e-8
#endif

/* ---- WENO with separate smoothness stencils (FunctionStencil / VelocityStencil) ---- */

/* Oceananigans' smoothness form for three values: a (c1 a + c2 b + c3 c) +
 * b (c4 b + c5 c) + c6 c^2. */
__device__ double vi_beta3(double a, double b, double c, double c1, double c2, double c3,
			   double c4, double c5, double c6)
{
	return a * (c1 * a + c2 * b + c3 * c) + b * (c4 * b + c5 * c) + c6 * c * c;
}

/* The three WENO5 smoothness indicators of s1..s5 (s3 the nearest upwind value), for
 * stencil r = 0 (s3, s4, s5), 1 (s2, s3, s4), 2 (s1, s2, s3). */
__device__ double vi_beta5_0(double s3, double s4, double s5)
{
	return vi_beta3(s3, s4, s5, 10.0, -31.0, 11.0, 25.0, -19.0, 4.0);
}

__device__ double vi_beta5_1(double s2, double s3, double s4)
{
	return vi_beta3(s2, s3, s4, 4.0, -13.0, 5.0, 13.0, -13.0, 4.0);
}

__device__ double vi_beta5_2(double s1, double s2, double s3)
{
	return vi_beta3(s1, s2, s3, 4.0, -19.0, 11.0, 25.0, -31.0, 10.0);
}

__device__ double vi_alpha(double cstar, double tau, double beta)
{
	double r = tau / (beta + WENO_EPS);
	return cstar * (1.0 + r * r);
}

/* WENO5 face value of v1..v5 (upwind order: v3 the nearest upwind value, the face
 * between v3 and v4) with the smoothness indicators averaged over two stencils s and t
 * (VelocityStencil; a FunctionStencil passes the same values twice). */
__device__ double vi_weno5(double v1, double v2, double v3, double v4, double v5, double s1,
			   double s2, double s3, double s4, double s5, double t1, double t2,
			   double t3, double t4, double t5)
{
	double q0 = (2.0 * v3 + 5.0 * v4 - v5) / 6.0;
	double q1 = (-v2 + 5.0 * v3 + 2.0 * v4) / 6.0;
	double q2 = (2.0 * v1 - 7.0 * v2 + 11.0 * v3) / 6.0;
	double b0 = 0.5 * (vi_beta5_0(s3, s4, s5) + vi_beta5_0(t3, t4, t5));
	double b1 = 0.5 * (vi_beta5_1(s2, s3, s4) + vi_beta5_1(t2, t3, t4));
	double b2 = 0.5 * (vi_beta5_2(s1, s2, s3) + vi_beta5_2(t1, t2, t3));
	double tau = fabs(b0 - b2);
	double a0 = vi_alpha(0.3, tau, b0), a1 = vi_alpha(0.6, tau, b1), a2 = vi_alpha(0.1, tau, b2);
	return (a0 * q0 + a1 * q1 + a2 * q2) / (a0 + a1 + a2);
}

/* WENO3 (Oceananigans' WENO{2}) face value of v2..v4 in the same upwind order: stencils
 * (v3, v4) and (v2, v3), C* = 2/3, 1/3, beta = (difference)^2, tau = |beta0 - beta1|. */
__device__ double vi_weno3(double v2, double v3, double v4, double s2, double s3, double s4,
			   double t2, double t3, double t4)
{
	double q0 = 0.5 * (v3 + v4);
	double q1 = -0.5 * v2 + 1.5 * v3;
	double b0 = 0.5 * ((s3 - s4) * (s3 - s4) + (t3 - t4) * (t3 - t4));
	double b1 = 0.5 * ((s2 - s3) * (s2 - s3) + (t2 - t3) * (t2 - t3));
	double tau = fabs(b0 - b1);
	double a0 = vi_alpha(2.0 / 3.0, tau, b0), a1 = vi_alpha(1.0 / 3.0, tau, b1);
	return (a0 * q0 + a1 * q1) / (a0 + a1);
}

/* The upwind reconstruction of the given order (5, 3 or 1: first-order upwind, v3). All
 * are computed and the order weighs them by 1 and 0 (exact: x + 0 = x), not branched on:
 * see face_value7 in tracer_weno7.cuh for why. */
__device__ double vi_biased(int order, double v1, double v2, double v3, double v4, double v5,
			    double s1, double s2, double s3, double s4, double s5, double t1,
			    double t2, double t3, double t4, double t5)
{
	double r5 = vi_weno5(v1, v2, v3, v4, v5, s1, s2, s3, s4, s5, t1, t2, t3, t4, t5);
	double r3 = vi_weno3(v2, v3, v4, s2, s3, s4, t2, t3, t4);
	return (order == 5) * r5 + (order == 3) * r3 + (order == 1) * v3;
}

/* Centred interpolation to a point midway between p0 and p1 (pm1 and p2 the next ones
 * out): fourth order (order 4) or second order (order 2), weighed as vi_biased does. */
__device__ double vi_centred(int order, double pm1, double p0, double p1, double p2)
{
	double c4 = (-pm1 + 7.0 * p0 + 7.0 * p1 - p2) / 12.0, c2 = 0.5 * (p0 + p1);
	return (order == 4) * c4 + (order == 2) * c2;
}

/* Orders in a Bounded direction of n cells (Oceananigans' outside_*_halo rules with the
 * halo each scheme needs): a biased reconstruction at face f, or at centre c from
 * face-located values; a centred one at face f, or at centre c. */
__device__ int vi_order_face(int f, int n)
{
	return (f >= 3 && f <= n - 3) ? 5 : (f >= 2 && f <= n - 2) ? 3 : 1;
}

__device__ int vi_order_centre(int c, int n)
{
	return (c >= 2 && c <= n - 3) ? 5 : (c >= 1 && c <= n - 2) ? 3 : 1;
}

__device__ int vi_centred_face(int f, int n)
{
	return (f >= 2 && f <= n - 2) ? 4 : 2;
}

__device__ int vi_centred_centre(int c, int n)
{
	return (c >= 1 && c <= n - 2) ? 4 : 2;
}

/* ---- the quantities reconstructed, at their own points ---- */

/* Relative vorticity at (face i, face j): ζ₃ᶠᶠᶜ on a uniform grid. */
__device__ double vi_zeta(const double *u, const double *v, int i, int j, int k)
{
	return (v[IX(i, j, k)] - v[IX(i - 1, j, k)]) / DX - (u[IX(i, j, k)] - u[IX(i, j - 1, k)]) / DY;
}

/* u and v interpolated to (face i, face j): the VelocityStencil's smoothness values. */
__device__ double vi_u_ff(const double *u, int i, int j, int k)
{
	return 0.5 * (u[IX(i, j - 1, k)] + u[IX(i, j, k)]);
}

__device__ double vi_v_ff(const double *v, int i, int j, int k)
{
	return 0.5 * (v[IX(i - 1, j, k)] + v[IX(i, j, k)]);
}

/* At centre (i, j): δx(Ax u), δy(Ay v), their sum (the divergence smoothness), the
 * kinetic-energy differences δx(u²/2), δy(v²/2) and the centred u, v (their smoothness). */
__device__ double vi_dxU(const double *u, int i, int j, int k)
{
	return DY * DZ * (u[IX(i + 1, j, k)] - u[IX(i, j, k)]);
}

__device__ double vi_dyV(const double *v, int i, int j, int k)
{
	return DX * DZ * (v[IX(i, j + 1, k)] - v[IX(i, j, k)]);
}

__device__ double vi_div(const double *u, const double *v, int i, int j, int k)
{
	return vi_dxU(u, i, j, k) + vi_dyV(v, i, j, k);
}

__device__ double vi_dxu2(const double *u, int i, int j, int k)
{
	double a = u[IX(i + 1, j, k)], b = u[IX(i, j, k)];
	return 0.5 * (a * a - b * b);
}

__device__ double vi_dyv2(const double *v, int i, int j, int k)
{
	double a = v[IX(i, j + 1, k)], b = v[IX(i, j, k)];
	return 0.5 * (a * a - b * b);
}

__device__ double vi_uc(const double *u, int i, int j, int k)
{
	return 0.5 * (u[IX(i, j, k)] + u[IX(i + 1, j, k)]);
}

__device__ double vi_vc(const double *v, int i, int j, int k)
{
	return 0.5 * (v[IX(i, j, k)] + v[IX(i, j + 1, k)]);
}

/* At (face i, face j): δx(v²/2) and δy(u²/2), the cross kinetic-energy differences. */
__device__ double vi_dxv2(const double *v, int i, int j, int k)
{
	double a = v[IX(i, j, k)], b = v[IX(i - 1, j, k)];
	return 0.5 * (a * a - b * b);
}

__device__ double vi_dyu2(const double *u, int i, int j, int k)
{
	double a = u[IX(i, j, k)], b = u[IX(i, j - 1, k)];
	return 0.5 * (a * a - b * b);
}

/* Five values of F(..) around a face f in upwind order: from the left (positive
 * velocity) F(f-3) .. F(f+1), from the right F(f+2) .. F(f-2); along x, y or z. */
#define VI_LX(F, f, j, k) F((f) - 3, j, k), F((f) - 2, j, k), F((f) - 1, j, k), F(f, j, k), F((f) + 1, j, k)
#define VI_RX(F, f, j, k) F((f) + 2, j, k), F((f) + 1, j, k), F(f, j, k), F((f) - 1, j, k), F((f) - 2, j, k)
#define VI_LY(F, i, f, k) F(i, (f) - 3, k), F(i, (f) - 2, k), F(i, (f) - 1, k), F(i, f, k), F(i, (f) + 1, k)
#define VI_RY(F, i, f, k) F(i, (f) + 2, k), F(i, (f) + 1, k), F(i, f, k), F(i, (f) - 1, k), F(i, (f) - 2, k)
#define VI_LZ(F, i, j, f) F(i, j, (f) - 3), F(i, j, (f) - 2), F(i, j, (f) - 1), F(i, j, f), F(i, j, (f) + 1)
#define VI_RZ(F, i, j, f) F(i, j, (f) + 2), F(i, j, (f) + 1), F(i, j, f), F(i, j, (f) - 1), F(i, j, (f) - 2)

/* ---- U·∇u at (face i, centre j, centre k) ---- */

/* -v̂ ζᴿ: ζ from the (face, face) points j .. j+1 to centre j, upwind by v̂. */
__device__ double vi_vorticity_u(const double *u, const double *v, int i, int j, int k)
{
#define Z(a, b, c) vi_zeta(u, v, a, b, c)
#define SU(a, b, c) vi_u_ff(u, a, b, c)
#define SV(a, b, c) vi_v_ff(v, a, b, c)
	double vh = 0.25 * (v[IX(i - 1, j, k)] + v[IX(i, j, k)] + v[IX(i - 1, j + 1, k)] +
			    v[IX(i, j + 1, k)]);
	int o = vi_order_centre(j, NY);
	double zl = vi_biased(o, VI_LY(Z, i, j + 1, k), VI_LY(SU, i, j + 1, k), VI_LY(SV, i, j + 1, k));
	double zr = vi_biased(o, VI_RY(Z, i, j + 1, k), VI_RY(SU, i, j + 1, k), VI_RY(SV, i, j + 1, k));
	return -vh * (vh > 0.0 ? zl : zr);
}

/* (δKuᴿ + δKvˢ) / Δx. */
__device__ double vi_bernoulli_u(const double *u, const double *v, int i, int j, int k)
{
#define KU(a, b, c) vi_dxu2(u, a, b, c)
#define UC(a, b, c) vi_uc(u, a, b, c)
#define KV(a, b, c) vi_dxv2(v, a, b, c)
	double uh = u[IX(i, j, k)];
	double kl = vi_weno5(VI_LX(KU, i, j, k), VI_LX(UC, i, j, k), VI_LX(UC, i, j, k));
	double kr = vi_weno5(VI_RX(KU, i, j, k), VI_RX(UC, i, j, k), VI_RX(UC, i, j, k));
	double ks = vi_centred(vi_centred_centre(j, NY), KV(i, j - 1, k), KV(i, j, k),
			       KV(i, j + 1, k), KV(i, j + 2, k));
	return ((uh > 0.0 ? kl : kr) + ks) / DX;
}

/* The vertical flux of u through face kf: w̃ uᴿ (zero where w̃ is, as at the bottom). */
__device__ double vi_wu_flux(const double *u, const double *w, int i, int j, int kf)
{
#define UU(a, b, c) u[IX(a, b, c)]
	double wt = DX * DY * vi_centred(4, w[IX(i - 2, j, kf)], w[IX(i - 1, j, kf)],
					 w[IX(i, j, kf)], w[IX(i + 1, j, kf)]);
	int o = vi_order_face(kf, NZ);
	double ul = vi_biased(o, VI_LZ(UU, i, j, kf), VI_LZ(UU, i, j, kf), VI_LZ(UU, i, j, kf));
	double ur = vi_biased(o, VI_RZ(UU, i, j, kf), VI_RZ(UU, i, j, kf), VI_RZ(UU, i, j, kf));
	return wt * (wt > 0.0 ? ul : ur);
}

/* (Φᵟ + δz(w̃ uᴿ)) / V with Φᵟ = u (δvˢ + δuᴿ). */
__device__ double vi_vertical_u(const double *u, const double *v, const double *w, int i,
				int j, int k)
{
#define DU(a, b, c) vi_dxU(u, a, b, c)
#define DV(a, b, c) vi_dyV(v, a, b, c)
#define DD(a, b, c) vi_div(u, v, a, b, c)
	double uh = u[IX(i, j, k)];
	double dvs = vi_centred(4, DV(i - 2, j, k), DV(i - 1, j, k), DV(i, j, k), DV(i + 1, j, k));
	double dul = vi_weno5(VI_LX(DU, i, j, k), VI_LX(DD, i, j, k), VI_LX(DD, i, j, k));
	double dur = vi_weno5(VI_RX(DU, i, j, k), VI_RX(DD, i, j, k), VI_RX(DD, i, j, k));
	double phi = uh * (dvs + (uh > 0.0 ? dul : dur));
	double az = vi_wu_flux(u, w, i, j, k + 1) - vi_wu_flux(u, w, i, j, k);
	return (phi + az) / (DX * DY * DZ);
}

__device__ double vi_u_dot_grad_u(const double *u, const double *v, const double *w, int i,
				  int j, int k)
{
	return vi_vorticity_u(u, v, i, j, k) + vi_vertical_u(u, v, w, i, j, k) +
	       vi_bernoulli_u(u, v, i, j, k);
}

/* ---- U·∇v at (centre i, face j, centre k), 1 <= j <= NY - 1 ---- */

/* +û ζᴿ: ζ from the (face, face) points i .. i+1 to centre i, upwind by û (x periodic). */
__device__ double vi_vorticity_v(const double *u, const double *v, int i, int j, int k)
{
	double uh = 0.25 * (u[IX(i, j - 1, k)] + u[IX(i + 1, j - 1, k)] + u[IX(i, j, k)] +
			    u[IX(i + 1, j, k)]);
	double zl = vi_weno5(VI_LX(Z, i + 1, j, k), VI_LX(SU, i + 1, j, k), VI_LX(SV, i + 1, j, k));
	double zr = vi_weno5(VI_RX(Z, i + 1, j, k), VI_RX(SU, i + 1, j, k), VI_RX(SV, i + 1, j, k));
	return uh * (uh > 0.0 ? zl : zr);
}

/* (δKvᴿ + δKuˢ) / Δy. */
__device__ double vi_bernoulli_v(const double *u, const double *v, int i, int j, int k)
{
#define KY(a, b, c) vi_dyv2(v, a, b, c)
#define VC(a, b, c) vi_vc(v, a, b, c)
#define KX(a, b, c) vi_dyu2(u, a, b, c)
	double vh = v[IX(i, j, k)];
	int o = vi_order_face(j, NY);
	double kl = vi_biased(o, VI_LY(KY, i, j, k), VI_LY(VC, i, j, k), VI_LY(VC, i, j, k));
	double kr = vi_biased(o, VI_RY(KY, i, j, k), VI_RY(VC, i, j, k), VI_RY(VC, i, j, k));
	double ks = vi_centred(4, KX(i - 1, j, k), KX(i, j, k), KX(i + 1, j, k), KX(i + 2, j, k));
	return ((vh > 0.0 ? kl : kr) + ks) / DY;
}

/* The vertical flux of v through face kf: w̃ vᴿ, w̃ interpolated in y. */
__device__ double vi_wv_flux(const double *v, const double *w, int i, int j, int kf)
{
#define VV(a, b, c) v[IX(a, b, c)]
	double wt = DX * DY * vi_centred(vi_centred_face(j, NY), w[IX(i, j - 2, kf)],
					 w[IX(i, j - 1, kf)], w[IX(i, j, kf)], w[IX(i, j + 1, kf)]);
	int o = vi_order_face(kf, NZ);
	double vl = vi_biased(o, VI_LZ(VV, i, j, kf), VI_LZ(VV, i, j, kf), VI_LZ(VV, i, j, kf));
	double vr = vi_biased(o, VI_RZ(VV, i, j, kf), VI_RZ(VV, i, j, kf), VI_RZ(VV, i, j, kf));
	return wt * (wt > 0.0 ? vl : vr);
}

/* (Φᵟ + δz(w̃ vᴿ)) / V with Φᵟ = v (δuˢ + δvᴿ). */
__device__ double vi_vertical_v(const double *u, const double *v, const double *w, int i,
				int j, int k)
{
	double vh = v[IX(i, j, k)];
	double dus = vi_centred(vi_centred_face(j, NY), DU(i, j - 2, k), DU(i, j - 1, k),
				DU(i, j, k), DU(i, j + 1, k));
	int o = vi_order_face(j, NY);
	double dvl = vi_biased(o, VI_LY(DV, i, j, k), VI_LY(DD, i, j, k), VI_LY(DD, i, j, k));
	double dvr = vi_biased(o, VI_RY(DV, i, j, k), VI_RY(DD, i, j, k), VI_RY(DD, i, j, k));
	double phi = vh * (dus + (vh > 0.0 ? dvl : dvr));
	double az = vi_wv_flux(v, w, i, j, k + 1) - vi_wv_flux(v, w, i, j, k);
	return (phi + az) / (DX * DY * DZ);
}

__device__ double vi_u_dot_grad_v(const double *u, const double *v, const double *w, int i,
				  int j, int k)
{
	return vi_vorticity_v(u, v, i, j, k) + vi_vertical_v(u, v, w, i, j, k) +
	       vi_bernoulli_v(u, v, i, j, k);
}

#undef Z
#undef SU
#undef SV
#undef KU
#undef UC
#undef KV
#undef UU
#undef DU
#undef DV
#undef DD
#undef KY
#undef VC
#undef KX
#undef VV

#endif
