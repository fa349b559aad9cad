/* teos10.cuh: the TEOS-10 equation of state as the 55-term polynomial of Roquet et al.
 * (2015, "Accurate polynomial expressions for the density and specific volume of seawater
 * using the TEOS-10 standard", Ocean Modelling 90, 29-43), in the form SeawaterPolynomials.jl
 * uses for Oceananigans' TEOS10EquationOfState (a Boussinesq fit of density):
 *
 *   rho(Theta, S_A, Z) = r0(zeta) + r'(tau, s, zeta)
 *   tau = Theta / 40 degC, s = sqrt((S_A + 32) / S_au), S_au = 40 * 35.16504 / 35 g/kg,
 *   zeta = -Z / 1e4 m (Z the geopotential height, negative below the surface; the fit is
 *   in pressure p = -Z dbar),
 *   r0(zeta)           = sum_{n=1..6} R0(n-1) zeta^n     (the vertical reference profile)
 *   r'(tau, s, zeta)   = sum_{i,j,k} R_ijk s^i tau^j zeta^k, k <= 3, i + j <= 6 - k.
 *
 * Oceananigans' density anomaly is rho' = r'(tau, s, zeta) - rho_0 (SeawaterPolynomials'
 * rho'; r0 depends on depth alone and is left out) and the buoyancy is b = -g rho' / rho_0
 * (SeawaterBuoyancy with a BoussinesqEquationOfState), rho_0 = 1020 kg/m^3 (the default
 * reference density of TEOS10EquationOfState, the value Roquet et al. fitted with).
 * Coefficients: Roquet et al. (2015), table of the 55-term "polyTEOS10-bsq" fit (also in
 * SeawaterPolynomials.jl, src/TEOS10). Written here from those published numbers. */
#ifndef OCEAN_TEOS10_CUH
#define OCEAN_TEOS10_CUH

#define TEOS10_RHO_REF 1020.0
#define TEOS10_SAU (40.0 * 35.16504 / 35.0)
#define TEOS10_THETA_U 40.0
#define TEOS10_Z_U 1.0e4
#define TEOS10_DELTA_S 32.0

/* Reduced variables. */
__device__ double teos10_tau(double theta) { return theta / TEOS10_THETA_U; }
__device__ double teos10_s(double sa) { return sqrt((sa + TEOS10_DELTA_S) / TEOS10_SAU); }
__device__ double teos10_zeta(double z) { return -z / TEOS10_Z_U; }

/* The reference profile r0(zeta) (kg/m^3), Horner form. */
__device__ double teos10_r0(double zeta)
{
	return (((((-1.7243708991e-03 * zeta + 1.5616995503e-02) * zeta + 6.4326772569e-02) * zeta +
		  2.2601900708e-01) * zeta - 5.2099962525e+00) * zeta + 4.6494977072e+01) * zeta;
}

/* r'(tau, s, zeta) as nested polynomials: in zeta (powers 3 .. 0), each coefficient a
 * polynomial in tau (highest power first), each of those a polynomial in s (highest
 * power first). Each list is evaluated by Horner's rule, and with the same rule carrying
 * the derivative (d <- d x + v before v <- v x + c) for the partial derivatives in tau
 * and s (thermal expansion and haline contraction). */
#define TEOS10_RP0_T6(X) X(-1.9083568888e-01)
#define TEOS10_RP0_T5(X) X(4.8169980163e-01) X(5.4048723791e-01)
#define TEOS10_RP0_T4(X) X(-5.3563304045e+00) X(1.1311538584e+01) X(-8.3627885467e+00)
#define TEOS10_RP0_T3(X) X(-3.1742946532e+00) X(1.9717078466e+01) X(-3.3449108469e+01) \
	X(2.1661789529e+01)
#define TEOS10_RP0_T2(X) X(-5.4723692739e+00) X(2.9130021253e+01) X(-6.0362551501e+01) \
	X(6.1548258127e+01) X(-3.7074170417e+01)
#define TEOS10_RP0_T1(X) X(-1.9193502195e+00) X(1.7681814114e+01) X(-5.6888046321e+01) \
	X(8.1770425108e+01) X(-6.5281885265e+01) X(2.6010145068e+01)
#define TEOS10_RP0_T0(X) X(-6.0579916612e+01) X(4.3227585684e+02) X(-1.2849161071e+03) \
	X(2.0375295546e+03) X(-1.7864682637e+03) X(8.6672408165e+02) X(8.0189615746e+02)
#define TEOS10_RP1_T4(X) X(5.5927935970e-01)
#define TEOS10_RP1_T3(X) X(-5.5077101279e-01) X(-2.4649669534e+00)
#define TEOS10_RP1_T2(X) X(-1.8795372996e+00) X(3.5063081279e+00) X(6.7080479603e+00)
#define TEOS10_RP1_T1(X) X(-6.5399043664e-01) X(5.0042598061e+00) X(-4.4870114575e+00) \
	X(-1.3336301113e+01)
#define TEOS10_RP1_T0(X) X(6.6051753097e+00) X(-3.0938076334e+01) X(5.0774768218e+01) \
	X(-4.2549998214e+01) X(1.9681925209e+01)
#define TEOS10_RP2_T2(X) X(-1.2419983026e+00)
#define TEOS10_RP2_T1(X) X(-2.1311365518e-01) X(2.0564311499e+00)
#define TEOS10_RP2_T0(X) X(2.5019633244e+00) X(-4.9527603989e+00) X(2.0660924175e+00)
#define TEOS10_RP3_T1(X) X(3.7969820455e-01)
#define TEOS10_RP3_T0(X) X(-1.8507636718e-02) X(-2.3342758797e-02)

/* Horner steps: over constants in s (v, and d = dv/ds), over polynomials in s in tau
 * (v; dt = dv/dtau; ds = dv/ds), over polynomials in tau in zeta (the same three). */
#define TEOS10_S_V(c) v = v * s + (c);
#define TEOS10_S_D(c) d = d * s + v; v = v * s + (c);
#define TEOS10_POLY_S(name, LIST)                                                          \
	__device__ double name(double s) { double v = 0.0; LIST(TEOS10_S_V) return v; }     \
	__device__ double name##_ds(double s)                                               \
	{                                                                                  \
		double v = 0.0, d = 0.0;                                                   \
		LIST(TEOS10_S_D)                                                           \
		return d;                                                                  \
	}
TEOS10_POLY_S(teos10_rp0_t6, TEOS10_RP0_T6)
TEOS10_POLY_S(teos10_rp0_t5, TEOS10_RP0_T5)
TEOS10_POLY_S(teos10_rp0_t4, TEOS10_RP0_T4)
TEOS10_POLY_S(teos10_rp0_t3, TEOS10_RP0_T3)
TEOS10_POLY_S(teos10_rp0_t2, TEOS10_RP0_T2)
TEOS10_POLY_S(teos10_rp0_t1, TEOS10_RP0_T1)
TEOS10_POLY_S(teos10_rp0_t0, TEOS10_RP0_T0)
TEOS10_POLY_S(teos10_rp1_t4, TEOS10_RP1_T4)
TEOS10_POLY_S(teos10_rp1_t3, TEOS10_RP1_T3)
TEOS10_POLY_S(teos10_rp1_t2, TEOS10_RP1_T2)
TEOS10_POLY_S(teos10_rp1_t1, TEOS10_RP1_T1)
TEOS10_POLY_S(teos10_rp1_t0, TEOS10_RP1_T0)
TEOS10_POLY_S(teos10_rp2_t2, TEOS10_RP2_T2)
TEOS10_POLY_S(teos10_rp2_t1, TEOS10_RP2_T1)
TEOS10_POLY_S(teos10_rp2_t0, TEOS10_RP2_T0)
TEOS10_POLY_S(teos10_rp3_t1, TEOS10_RP3_T1)
TEOS10_POLY_S(teos10_rp3_t0, TEOS10_RP3_T0)

#define TEOS10_RP0(X) X(teos10_rp0_t6) X(teos10_rp0_t5) X(teos10_rp0_t4) X(teos10_rp0_t3) \
	X(teos10_rp0_t2) X(teos10_rp0_t1) X(teos10_rp0_t0)
#define TEOS10_RP1(X) X(teos10_rp1_t4) X(teos10_rp1_t3) X(teos10_rp1_t2) X(teos10_rp1_t1) \
	X(teos10_rp1_t0)
#define TEOS10_RP2(X) X(teos10_rp2_t2) X(teos10_rp2_t1) X(teos10_rp2_t0)
#define TEOS10_RP3(X) X(teos10_rp3_t1) X(teos10_rp3_t0)

#define TEOS10_T_V(f) v = v * tau + f(s);
#define TEOS10_T_DT(f) dt = dt * tau + v; v = v * tau + f(s);
#define TEOS10_T_DS(f) ds = ds * tau + f##_ds(s);
#define TEOS10_POLY_T(name, LIST)                                                          \
	__device__ double name(double tau, double s)                                        \
	{                                                                                  \
		double v = 0.0;                                                            \
		LIST(TEOS10_T_V)                                                           \
		return v;                                                                  \
	}                                                                                  \
	__device__ double name##_dtau(double tau, double s)                                 \
	{                                                                                  \
		double v = 0.0, dt = 0.0;                                                  \
		LIST(TEOS10_T_DT)                                                          \
		return dt;                                                                 \
	}                                                                                  \
	__device__ double name##_ds(double tau, double s)                                   \
	{                                                                                  \
		double ds = 0.0;                                                           \
		LIST(TEOS10_T_DS)                                                          \
		return ds;                                                                 \
	}
/* The coefficients of zeta^0 (28 terms R_ij0 s^i tau^j), zeta^1 (15), zeta^2 (6), zeta^3 (3). */
TEOS10_POLY_T(teos10_rp0, TEOS10_RP0)
TEOS10_POLY_T(teos10_rp1, TEOS10_RP1)
TEOS10_POLY_T(teos10_rp2, TEOS10_RP2)
TEOS10_POLY_T(teos10_rp3, TEOS10_RP3)

/* r'(tau, s, zeta) (kg/m^3): the density less the reference profile; its partial
 * derivatives in tau and in s at fixed zeta. */
__device__ double teos10_rprime(double tau, double s, double zeta)
{
	return ((teos10_rp3(tau, s) * zeta + teos10_rp2(tau, s)) * zeta + teos10_rp1(tau, s)) * zeta +
	       teos10_rp0(tau, s);
}

__device__ double teos10_rprime_dtau(double tau, double s, double zeta)
{
	return ((teos10_rp3_dtau(tau, s) * zeta + teos10_rp2_dtau(tau, s)) * zeta +
		teos10_rp1_dtau(tau, s)) * zeta + teos10_rp0_dtau(tau, s);
}

__device__ double teos10_rprime_ds(double tau, double s, double zeta)
{
	return ((teos10_rp3_ds(tau, s) * zeta + teos10_rp2_ds(tau, s)) * zeta +
		teos10_rp1_ds(tau, s)) * zeta + teos10_rp0_ds(tau, s);
}

/* In-situ density (kg/m^3) from Conservative Temperature (degC), Absolute Salinity
 * (g/kg) and geopotential height Z (m, negative below the surface). */
__device__ double teos10_density(double theta, double sa, double z)
{
	double zeta = teos10_zeta(z);
	return teos10_r0(zeta) + teos10_rprime(teos10_tau(theta), teos10_s(sa), zeta);
}

/* SeawaterPolynomials' rho' (r' less the reference density) and Oceananigans'
 * buoyancy perturbation b = -g rho' / rho_0. */
__device__ double teos10_density_anomaly(double theta, double sa, double z)
{
	return teos10_rprime(teos10_tau(theta), teos10_s(sa), teos10_zeta(z)) - TEOS10_RHO_REF;
}

__device__ double teos10_buoyancy(double theta, double sa, double z, double g)
{
	return -g * teos10_density_anomaly(theta, sa, z) / TEOS10_RHO_REF;
}

/* Thermal expansion alpha = -(1/rho_0) d rho / d Theta and haline contraction
 * beta = (1/rho_0) d rho / d S_A at fixed Z (SeawaterPolynomials' thermal_expansion and
 * haline_contraction for a BoussinesqEquationOfState; 1/K and kg/g), from the polynomial's
 * derivatives: d tau / d Theta = 1 / 40, d s / d S_A = 1 / (2 s S_au). */
__device__ double teos10_thermal_expansion(double theta, double sa, double z)
{
	double dr = teos10_rprime_dtau(teos10_tau(theta), teos10_s(sa), teos10_zeta(z));
	return -dr / TEOS10_THETA_U / TEOS10_RHO_REF;
}

__device__ double teos10_haline_contraction(double theta, double sa, double z)
{
	double s = teos10_s(sa);
	double dr = teos10_rprime_ds(teos10_tau(theta), s, teos10_zeta(z));
	return dr / (2.0 * s * TEOS10_SAU) / TEOS10_RHO_REF;
}

#endif
