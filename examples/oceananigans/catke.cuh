/* catke.cuh: CATKE vertical mixing (Oceananigans' CATKEVerticalDiffusivity with its
 * default VerticallyImplicitTimeDiscretization, v0.110.19,
 * src/TurbulenceClosures/turbulence_closure_implementations/TKEBasedVerticalDiffusivities/)
 * and the vertically implicit diffusion it is stepped with (implicit_step! with the
 * BatchedTridiagonalSolver, src/TurbulenceClosures/vertically_implicit_diffusion_solver.jl),
 * written here from those formulas. Included by ocean.cu under -DOCEAN_CATKE=1; it uses
 * ocean.cu's grid macros, its tracer fluxes (TRACER_FLUX: the tracers' advection scheme,
 * WENO5 or WENO7) and its diffusion operator.
 *
 * State: the turbulent kinetic energy e at cell centres (a tracer), the diffusivities
 * kappa_u (viscosity), kappa_c (tracers) and kappa_e (TKE) at (centre, centre, face):
 * kappa[IX(i, j, k)] is on the bottom face of cell k, faces 1 .. NZ-1 (bottom and top
 * faces, k = 0 and NZ, are walls where Oceananigans masks them to 0; they are not read).
 *
 * kappa_phi = l_phi w*, w* = sqrt(max(e_min, e)) averaged to the face, the mixing length
 * l_phi = min(H, sigma_phi(Ri) l*), l* = min(d, w* / N), d = min(C^s depth, C^b height
 * above bottom), sigma(Ri) piecewise linear between C^lo (Ri <= CRi0) and C^hi (Ri >= CRi0
 * + CRid), C^un for Ri < 0; Ri = N^2 / S^2 (0 where N^2 = 0). The TKE equation:
 * de/dt = -div(u e) + horizontal diffusion + P + wb+ + L e, with P the shear production
 * kappa_u |du/dz|^2 averaged to the centre, wb = -kappa_c N^2 averaged to the centre (its
 * positive part explicit, its negative part in L as wb/e, the "Patankar trick"), the
 * dissipation -e^(3/2)/l_D in L as -sqrt(e)/l_D (-1/60 s where e < 0), and at the bottom
 * cell the TKE flux -C^We sqrt(e) e / dz in L. README.md lists what is simplified. */
#ifndef OCEAN_CATKE_CUH
#define OCEAN_CATKE_CUH

/* CATKEMixingLength and CATKEEquation defaults (v0.110.19). */
#define CATKE_CS 1.131           /* surface distance coefficient */
#define CATKE_CB 0.28            /* bottom distance coefficient */
#define CATKE_CRI0 0.254         /* stability function lower Ri */
#define CATKE_CRID 1.02          /* stability function width */
#define CATKE_CUN_U 0.370
#define CATKE_CLO_U 0.361
#define CATKE_CHI_U 0.242
#define CATKE_CUN_C 0.572
#define CATKE_CLO_C 0.369
#define CATKE_CHI_C 0.098
#define CATKE_CUN_E 1.447
#define CATKE_CLO_E 7.863
#define CATKE_CHI_E 0.548
#define CATKE_CUN_D 0.923        /* dissipation length */
#define CATKE_CLO_D 1.604
#define CATKE_CHI_D 0.579
#define CATKE_CW_EPS 1.0         /* dissipative near-bottom TKE flux */
#define CATKE_CW_USTAR 3.179     /* surface shear-driven TKE flux */
#define CATKE_CW_WDELTA 0.383    /* surface convective TKE flux */
#define CATKE_E_MIN 1.0e-9       /* minimum_tke (m^2/s^2) */
#define CATKE_TAU_NEG 60.0       /* negative_tke_damping_time_scale (s) */

/* ---- operators at (centre, centre, face k): the bottom face of cell k ---- */

__device__ double tke_velocity(const double *e, int i, int j, int k)
{
	return sqrt(fmax(CATKE_E_MIN, e[IX(i, j, k)]));
}

__device__ double tke_velocity_face(const double *e, int i, int j, int k)
{
	return 0.5 * (tke_velocity(e, i, j, k - 1) + tke_velocity(e, i, j, k));
}

/* N^2 = db/dz (the buoyancy difference across the face). */
__device__ double n2_face(const double *b, int i, int j, int k)
{
	return (b[IX(i, j, k)] - b[IX(i, j, k - 1)]) / DZ;
}

/* S^2: (du/dz)^2 at the u faces i, i+1 and (dv/dz)^2 at the v faces j, j+1, averaged. */
__device__ double shear2_face(const double *u, const double *v, int i, int j, int k)
{
	double u0 = (u[IX(i, j, k)] - u[IX(i, j, k - 1)]) / DZ;
	double u1 = (u[IX(i + 1, j, k)] - u[IX(i + 1, j, k - 1)]) / DZ;
	double v0 = (v[IX(i, j, k)] - v[IX(i, j, k - 1)]) / DZ;
	double v1 = (v[IX(i, j + 1, k)] - v[IX(i, j + 1, k - 1)]) / DZ;
	return 0.5 * (u0 * u0 + u1 * u1) + 0.5 * (v0 * v0 + v1 * v1);
}

__device__ double richardson_face(const double *u, const double *v, const double *b,
				  int i, int j, int k)
{
	double n2 = n2_face(b, i, j, k);
	return n2 == 0.0 ? 0.0 : n2 / shear2_face(u, v, i, j, k);
}

/* sigma(Ri): c_un for Ri < 0, else from c_lo to c_hi linearly over [CRi0, CRi0 + CRid]. */
__device__ double stability(double ri, double c_un, double c_lo, double c_hi)
{
	double s = fmax(0.0, fmin(1.0, (ri - CATKE_CRI0) / CATKE_CRID));
	return ri < 0.0 ? c_un : c_lo + (c_hi - c_lo) * s;
}

/* l* = min(d, w* / N) with d = min(C^s depth, C^b height above the bottom); depth and
 * height of the point at height zh above the bottom (LZ - zh below the surface). */
__device__ double stable_length(double w, double n2, double zh)
{
	double d = fmin(CATKE_CS * (LZ - zh), CATKE_CB * zh);
	double n2p = fmax(0.0, n2);
	return n2p > 0.0 ? fmin(d, w / sqrt(n2p)) : d;
}

/* kappa = min(H, sigma l*) w* at face k for the stability coefficients given. */
__device__ double catke_kappa(double w, double n2, double ri, int k,
			      double c_un, double c_lo, double c_hi)
{
	double l = stability(ri, c_un, c_lo, c_hi) * stable_length(w, n2, k * DZ);
	return fmin(LZ, l) * w;
}

/* ---- averages to the cell centre that skip the wall faces (Oceananigans' bz average:
 * at the bottom cell the value of face 1, at the top cell that of face NZ-1) ---- */
__device__ double bz_average(double f_lo, double f_hi, int k)
{
	if (k == 0)
		return f_hi;
	if (k == NZ - 1)
		return f_lo;
	return 0.5 * (f_lo + f_hi);
}

/* Dissipation length l_D = min(H, l* / sigma_D) at the centre of cell k. */
__device__ double dissipation_length(const double *u, const double *v, const double *b,
				     const double *e, int i, int j, int k)
{
	double n2 = bz_average(n2_face(b, i, j, k), n2_face(b, i, j, k + 1), k);
	double ri = bz_average(richardson_face(u, v, b, i, j, k),
			       richardson_face(u, v, b, i, j, k + 1), k);
	double l = stable_length(tke_velocity(e, i, j, k), n2, (k + 0.5) * DZ);
	return fmin(LZ, l / stability(ri, CATKE_CUN_D, CATKE_CLO_D, CATKE_CHI_D));
}

/* Shear production at the centre: kappa_u (du/dz)^2 on the u faces (kappa_u averaged to
 * the face in x), averaged to the centre in z, then in x; the same for v in y. */
__device__ double shear_production_u_face(const double *ku, const double *u, int i, int j, int k)
{
	double s = (u[IX(i, j, k)] - u[IX(i, j, k - 1)]) / DZ;
	return 0.5 * (ku[IX(i - 1, j, k)] + ku[IX(i, j, k)]) * s * s;
}

__device__ double shear_production_v_face(const double *ku, const double *v, int i, int j, int k)
{
	double s = (v[IX(i, j, k)] - v[IX(i, j, k - 1)]) / DZ;
	return 0.5 * (ku[IX(i, j - 1, k)] + ku[IX(i, j, k)]) * s * s;
}

__device__ double shear_production_u(const double *ku, const double *u, int i, int j, int k)
{
	return bz_average(shear_production_u_face(ku, u, i, j, k),
			  shear_production_u_face(ku, u, i, j, k + 1), k);
}

__device__ double shear_production_v(const double *ku, const double *v, int i, int j, int k)
{
	return bz_average(shear_production_v_face(ku, v, i, j, k),
			  shear_production_v_face(ku, v, i, j, k + 1), k);
}

/* Buoyancy flux wb = -kappa_c N^2 averaged to the centre. */
__device__ double buoyancy_flux(const double *kc, const double *b, int i, int j, int k)
{
	double lo = -kc[IX(i, j, k)] * n2_face(b, i, j, k);
	double hi = -kc[IX(i, j, k + 1)] * n2_face(b, i, j, k + 1);
	return bz_average(lo, hi, k);
}

/* The TKE flux through the top (top_tke_flux, positive upward): -C^Wu* u*^3 - C^WwD wD^3
 * with the friction velocity u* = |Q_u|^(1/2) of the wind stress's momentum flux and
 * wD^3 = max(0, J_b) dz, J_b = g alpha Q_T the surface buoyancy flux of the heat flux
 * (boundary_fluxes.cuh; alpha the linear equation of state's, also under TEOS-10). */
__device__ double top_tke_flux(int j)
{
	double flux = 0.0;
#if OCEAN_WIND_STRESS
	double ustar = sqrt(fabs(wind_stress_flux_u(j)));
	flux -= CATKE_CW_USTAR * ustar * ustar * ustar;
#endif
#if OCEAN_HEAT_FLUX
	flux -= CATKE_CW_WDELTA * fmax(0.0, G_EARTH * ALPHA * heat_flux_T(j)) * DZ;
#endif
	return flux;
}

/* ---- kernels ---- */

/* compute_CATKE_closure_fields!: kappa_u, kappa_c, kappa_e on the bottom face of every
 * interior cell (0 on the bottom face k = 0). */
__global__ void catke_diffusivities(const double *u, const double *v, const double *b,
				    const double *e, double *ku, double *kc, double *ke)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j >= NY)
		return;
	int n = IX(i, j, k);
	if (k == 0) {
		ku[n] = 0.0;
		kc[n] = 0.0;
		ke[n] = 0.0;
		return;
	}
	double w = tke_velocity_face(e, i, j, k);
	double n2 = n2_face(b, i, j, k);
	double ri = richardson_face(u, v, b, i, j, k);
	ku[n] = catke_kappa(w, n2, ri, k, CATKE_CUN_U, CATKE_CLO_U, CATKE_CHI_U);
	kc[n] = catke_kappa(w, n2, ri, k, CATKE_CUN_C, CATKE_CLO_C, CATKE_CHI_C);
	ke[n] = catke_kappa(w, n2, ri, k, CATKE_CUN_E, CATKE_CLO_E, CATKE_CHI_E);
}

/* The TKE tendency: Ge = -div(u e) + horizontal diffusion + P + max(wb, 0) (explicit),
 * Le = the coefficient of the implicit linear term (fast_tke_tendency). */
__global__ void tke_tendency(const double *u, const double *v, const double *w,
			     const double *b, const double *e, const double *ku,
			     const double *kc, double *Ge, double *Le, int scheme)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j >= NY)
		return;
	double div = div_uc(u, v, w, e, i, j, k, scheme);
	double p = 0.5 * (shear_production_u(ku, u, i, j, k) + shear_production_u(ku, u, i + 1, j, k)) +
		   0.5 * (shear_production_v(ku, v, i, j, k) + shear_production_v(ku, v, i, j + 1, k));
	double wb = buoyancy_flux(kc, b, i, j, k);
	double ec = e[IX(i, j, k)];
	double wb_e = ec > CATKE_E_MIN ? fmin(0.0, wb) / ec : 0.0;
	double omega = ec < 0.0 ? 1.0 / CATKE_TAU_NEG
				: sqrt(fabs(ec)) / dissipation_length(u, v, b, e, i, j, k);
	double bottom = k == 0 ? -CATKE_CW_EPS * sqrt(fmax(0.0, ec)) / DZ : 0.0;
	double g = -div + diffusion(e, i, j, k, KAPPA_H, 0.0) + p + fmax(0.0, wb);
#if OCEAN_WIND_STRESS || OCEAN_HEAT_FLUX
	if (k == NZ - 1)
		g -= top_tke_flux(j) / DZ;
#endif
	Ge[IX(i, j, k)] = g;
	Le[IX(i, j, k)] = wb_e - omega + bottom;
}

/* The diffusivity on face k of the column of field point (i, j): loc 0 a centred field
 * (kappa there), 1 u (averaged over cells i-1, i), 2 v (cells j-1, j). */
__device__ double column_kappa(const double *kappa, int i, int j, int k, int loc)
{
	double west = 0.5 * (kappa[IX(i - 1, j, k)] + kappa[IX(i, j, k)]);
	double south = 0.5 * (kappa[IX(i, j - 1, k)] + kappa[IX(i, j, k)]);
	return loc == 1 ? west : (loc == 2 ? south : kappa[IX(i, j, k)]);
}

/* Vertically implicit step (implicit_step!): solves, per column, (1 - dt lin L - dt
 * d/dz kappa d/dz) c_new = c with no flux through the bottom and top faces: row k has
 *   lower -dt kappa_k / dz^2 (k > 0), upper -dt kappa_{k+1} / dz^2 (k < NZ-1),
 *   diagonal 1 - dt lin L_k - lower - upper,
 * by the Thomas algorithm: a forward sweep carrying c' and d' (stored in cp, dp for the
 * back substitution), then the back substitution from the top, which overwrites c. The
 * wall faces of v (j = 0) are not solved (v = 0 there). */
__global__ void implicit_vertical_diffusion(double *c, const double *kappa, const double *L,
					    double lin, double dt, int loc, double *cp, double *dp)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY || (loc == 2 && j == 0))
		return;
	double r = dt / (DZ * DZ), cprev = 0.0, dprev = 0.0;
	for (int k = 0; k < NZ; k++) {
		double lo = k > 0 ? -r * column_kappa(kappa, i, j, k, loc) : 0.0;
		double up = k < NZ - 1 ? -r * column_kappa(kappa, i, j, k + 1, loc) : 0.0;
		double m = 1.0 - dt * lin * L[IX(i, j, k)] - lo - up - lo * cprev;
		cprev = up / m;
		dprev = (c[IX(i, j, k)] - lo * dprev) / m;
		cp[IX(i, j, k)] = cprev;
		dp[IX(i, j, k)] = dprev;
	}
	double x = dprev;
	c[IX(i, j, NZ - 1)] = x;
	for (int k = NZ - 2; k >= 0; k--) {
		x = dp[IX(i, j, k)] - cp[IX(i, j, k)] * x;
		c[IX(i, j, k)] = x;
	}
}

#endif
