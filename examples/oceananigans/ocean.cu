/* ocean.cu: a hydrostatic free-surface ocean model in plain CUDA C, in the manner of
 * Oceananigans.jl's HydrostaticFreeSurfaceModel on a uniform RectilinearGrid with
 * topology (Periodic, Bounded, Bounded). Written here; Oceananigans.jl is the reference
 * for the numerics (README.md in this folder maps every kernel to its Julia operator).
 *
 * Grid: NX x NY x NZ cells, halo H = HALO on every side (-DHALO=..., 3 by default: WENO5
 * reads 3 cells on each side of a face; 4 for WENO7), double precision, Arakawa C grid:
 *   u at (face i, centre j, centre k)   -- face i is the west face of cell i
 *   v at (centre i, face j, centre k)   -- faces j = 0 and j = NY are the walls (v = 0)
 *   w at (centre i, centre j, face k)   -- face k = 0 is the bottom (w = 0), NZ the top
 *   T, S, b, p at cell centres; eta (free surface) at (centre i, centre j)
 * Arrays include their halos, i fastest: IX(i, j, k) for -H <= i < NX + H, etc.
 *
 * One time step (simulate's loop body): tendencies G^n of u, v, T, S from the current
 * state; quasi-second-order Adams-Bashforth for u, v, T, S and eta (chi = 0.1; forward
 * Euler on the first step), G^- <- G^n; then the state is updated: halos filled,
 * w diagnosed from continuity (upward column integral), eta's tendency taken from w at
 * the top, buoyancy from a linear equation of state, the hydrostatic pressure anomaly by
 * a downward column integral of buoyancy.
 *
 * Sizes are compile-time constants (-DNX=... -DNY=... -DNZ=...); physical parameters
 * are macros with defaults below. `simulate` is the host entry for `cuda2hlo --entry`. */
#include <cuda_runtime.h>
#include <math.h>

/* Configuration (compile time): the free surface OCEAN_FS = EXPLICIT (default) or SPLIT
 * (split_explicit.cuh), the time stepper OCEAN_TS = QAB2 (default) or RK3
 * (SplitRungeKutta3, with the split-explicit free surface only). */
#define EXPLICIT 1
#define SPLIT 2
#define QAB2 1
#define RK3 2
/* A case selects a whole configuration (before the defaults below): -DOCEAN_CASE=CHANNEL
 * is the wind-driven baroclinic channel of channel.cuh (make demo); BASIC (the default)
 * takes each option's own default. */
#define BASIC 1
#define CHANNEL 2
#ifndef OCEAN_CASE
#define OCEAN_CASE BASIC
#endif
#if OCEAN_CASE == CHANNEL
#include "channel.cuh"
#endif
#ifndef OCEAN_FS
#define OCEAN_FS EXPLICIT
#endif
#ifndef OCEAN_TS
#define OCEAN_TS QAB2
#endif
#if OCEAN_TS == RK3 && OCEAN_FS != SPLIT
#error "OCEAN_TS=RK3 needs OCEAN_FS=SPLIT"
#endif
#if OCEAN_BOUNDED_X && OCEAN_FS == SPLIT
#error "the split-explicit free surface (split_explicit.cuh) is written for a periodic x"
#endif
#if OCEAN_BOUNDED_X && OCEAN_VECTOR_INVARIANT
#error "the vector-invariant momentum advection (vector_invariant.cuh) is written for a periodic x"
#endif
/* CATKE vertical mixing (catke.cuh) and the TEOS-10 equation of state (teos10.cuh):
 * -DOCEAN_CATKE=1, -DOCEAN_TEOS10=1 (0, the default: constant NU_Z, the linear one). */
#ifndef OCEAN_CATKE
#define OCEAN_CATKE 0
#endif
#ifndef OCEAN_TEOS10
#define OCEAN_TEOS10 0
#endif

#include "state.cuh"
#include "teos10.cuh"

#ifndef NX
#define NX 64
#endif
#ifndef NY
#define NY 64
#endif
#ifndef NZ
#define NZ 16
#endif
#ifndef HALO
#define HALO 3
#endif
/* The x topology: Periodic (0, the default) or Bounded (-DOCEAN_BOUNDED_X=1: walls at
 * x = 0 and LX, u = 0 on the wall faces 0 and NX, mirrored halos, the reconstruction
 * order reduced next to the walls as in y and z). y and z are always Bounded. */
#ifndef OCEAN_BOUNDED_X
#define OCEAN_BOUNDED_X 0
#endif
#define H HALO
#define TX (NX + 2 * H)
#define TY (NY + 2 * H)
#define TZ (NZ + 2 * H)
#define NTOTAL (TX * TY * TZ)
#define NTOTAL2 (TX * TY)

/* Domain (m), Coriolis (1/s), gravity for the free surface (m/s^2, reduced as
 * Oceananigans users often do for an explicit free surface), equation of state. */
#ifndef LX
#define LX 1.0e6
#endif
#ifndef LY
#define LY 1.0e6
#endif
#ifndef LZ
#define LZ 1.0e3
#endif
#define DX (LX / NX)
#define DY (LY / NY)
#define DZ (LZ / NZ)
#ifndef F0
#define F0 1.0e-4
#endif
#ifndef G_FS
#define G_FS 0.05
#endif
#define G_EARTH 9.80665
#define ALPHA 2.0e-4            /* thermal expansion (1/K) */
#define BETA 7.8e-4             /* haline contraction (1/psu) */
#ifndef NU_H
#define NU_H 200.0              /* horizontal viscosity and diffusivity (m^2/s) */
#endif
#if OCEAN_CATKE
#define NU_Z 0.0                /* CATKE (catke.cuh) mixes vertically, implicitly */
#endif
#ifndef NU_Z
#define NU_Z 1.0e-4             /* vertical (m^2/s) */
#endif
#define KAPPA_H NU_H
#define KAPPA_Z NU_Z
#define CHI 0.1                 /* QAB2 parameter */
#define WENO_EPS 1.0e-8

#define IX(i, j, k) ((((k) + H) * TY + ((j) + H)) * TX + ((i) + H))
#define IX2(i, j) (((j) + H) * TX + ((i) + H))

#include "coriolis.cuh"
#include "boundary_fluxes.cuh"
#include "vector_invariant.cuh"

/* Launch shapes: interior cells with 16 x 8 x 1 blocks (NX, NY multiples of 16 and 8,
 * as the default sizes are; other sizes are guarded). */
#define BX 16
#define BY 8

/* ---- halo fills (Oceananigans fill_halo_regions!) ---- */

/* Periodic in x for a 3-D field: every row (j, k) including the y/z halos. */
__global__ void fill_halo_periodic_x(double *c)
{
	int m = threadIdx.x;                       /* 0 .. 2H-1 */
	int j = blockIdx.x * blockDim.y + threadIdx.y - H;
	int k = blockIdx.y - H;
	if (j >= NY + H)
		return;
	if (m < H)
		c[IX(m - H, j, k)] = c[IX(m - H + NX, j, k)];
	else
		c[IX(NX + m - H, j, k)] = c[IX(m - H, j, k)];
}

__global__ void fill_halo_periodic_x_2d(double *c)
{
	int m = threadIdx.x;
	int j = blockIdx.x * blockDim.y + threadIdx.y - H;
	if (j >= NY + H)
		return;
	if (m < H)
		c[IX2(m - H, j)] = c[IX2(m - H + NX, j)];
	else
		c[IX2(NX + m - H, j)] = c[IX2(m - H, j)];
}

/* No-flux walls in y for a centred field (tracers, u): mirror across the wall. */
__global__ void fill_halo_walls_y(double *c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x - H;
	int m = threadIdx.y;                       /* 0 .. H-1 */
	int k = blockIdx.y - H;
	if (i >= NX + H)
		return;
	c[IX(i, -1 - m, k)] = c[IX(i, m, k)];
	c[IX(i, NY + m, k)] = c[IX(i, NY - 1 - m, k)];
}

__global__ void fill_halo_walls_y_2d(double *c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x - H;
	int m = threadIdx.y;
	if (i >= NX + H)
		return;
	c[IX2(i, -1 - m)] = c[IX2(i, m)];
	c[IX2(i, NY + m)] = c[IX2(i, NY - 1 - m)];
}

/* Impenetrable walls in y for v: v = 0 on faces 0 and NY, odd reflection beyond. */
__global__ void fill_halo_walls_y_normal(double *v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x - H;
	int m = threadIdx.y;                       /* 0 .. H-1 */
	int k = blockIdx.y - H;
	if (i >= NX + H)
		return;
	if (m == 0) {
		v[IX(i, 0, k)] = 0.0;
		v[IX(i, NY, k)] = 0.0;
	} else {
		v[IX(i, NY + m, k)] = -v[IX(i, NY - m, k)];
	}
	v[IX(i, -1 - m, k)] = -v[IX(i, 1 + m, k)];
}

/* No-flux bottom and top for a centred field: mirror in z. */
__global__ void fill_halo_walls_z(double *c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x - H;
	int j = blockIdx.y - H;
	int m = threadIdx.y;
	if (i >= NX + H)
		return;
	c[IX(i, j, -1 - m)] = c[IX(i, j, m)];
	c[IX(i, j, NZ + m)] = c[IX(i, j, NZ - 1 - m)];
}

/* Bounded x (OCEAN_BOUNDED_X): no-flux walls at x = 0 and LX for a centred field (and
 * v, w, p): mirror across the wall, every row (j, k) including the y/z halos. */
__global__ void fill_halo_walls_x(double *c)
{
	int m = threadIdx.x;                       /* 0 .. H-1 */
	int j = blockIdx.x * blockDim.y + threadIdx.y - H;
	int k = blockIdx.y - H;
	if (j >= NY + H)
		return;
	c[IX(-1 - m, j, k)] = c[IX(m, j, k)];
	c[IX(NX + m, j, k)] = c[IX(NX - 1 - m, j, k)];
}

__global__ void fill_halo_walls_x_2d(double *c)
{
	int m = threadIdx.x;
	int j = blockIdx.x * blockDim.y + threadIdx.y - H;
	if (j >= NY + H)
		return;
	c[IX2(-1 - m, j)] = c[IX2(m, j)];
	c[IX2(NX + m, j)] = c[IX2(NX - 1 - m, j)];
}

/* Impenetrable walls in x for u: u = 0 on faces 0 and NX, odd reflection beyond. */
__global__ void fill_halo_walls_x_normal(double *u)
{
	int m = threadIdx.x;                       /* 0 .. H-1 */
	int j = blockIdx.x * blockDim.y + threadIdx.y - H;
	int k = blockIdx.y - H;
	if (j >= NY + H)
		return;
	if (m == 0) {
		u[IX(0, j, k)] = 0.0;
		u[IX(NX, j, k)] = 0.0;
	} else {
		u[IX(NX + m, j, k)] = -u[IX(NX - m, j, k)];
	}
	u[IX(-1 - m, j, k)] = -u[IX(1 + m, j, k)];
}

/* ---- reconstructions (Oceananigans Centered(order=2), WENO(order=3), WENO(order=5);
 * src/Advection/weno_interpolants.jl and centered_reconstruction.jl) ---- */

/* Z-WENO weight of one stencil (not normalized): C* (1 + (tau / (beta + eps))^2). */
__device__ double zweno_alpha(double cstar, double tau, double beta)
{
	double r = tau / (beta + WENO_EPS);
	return cstar * (1.0 + r * r);
}

/* WENO-Z reconstruction at the face between v3 and v4 from the upwind side, with the
 * five upwind-biased values v1..v5 (v3 the nearest upwind cell). Smoothness indicators
 * as Oceananigans tabulates them (three times Jiang & Shu's: 13/4 d^2 + 3/4 e^2), WENO-Z
 * weights of Borges et al. with tau5 = |b0 - b2|, linear weights C* = 1/10, 3/5, 3/10
 * for the stencils ending at v3, centred on v3, starting at v3. */
__device__ double weno5(double v1, double v2, double v3, double v4, double v5)
{
	double q0 = (2.0 * v1 - 7.0 * v2 + 11.0 * v3) / 6.0;
	double q1 = (-v2 + 5.0 * v3 + 2.0 * v4) / 6.0;
	double q2 = (2.0 * v3 + 5.0 * v4 - v5) / 6.0;
	double d0 = v1 - 2.0 * v2 + v3, e0 = v1 - 4.0 * v2 + 3.0 * v3;
	double d1 = v2 - 2.0 * v3 + v4, e1 = v2 - v4;
	double d2 = v3 - 2.0 * v4 + v5, e2 = 3.0 * v3 - 4.0 * v4 + v5;
	double b0 = 13.0 / 4.0 * d0 * d0 + 0.75 * e0 * e0;
	double b1 = 13.0 / 4.0 * d1 * d1 + 0.75 * e1 * e1;
	double b2 = 13.0 / 4.0 * d2 * d2 + 0.75 * e2 * e2;
	double tau = fabs(b0 - b2);
	double a0 = zweno_alpha(0.1, tau, b0), a1 = zweno_alpha(0.6, tau, b1);
	double a2 = zweno_alpha(0.3, tau, b2);
	return (a0 * q0 + a1 * q1 + a2 * q2) / (a0 + a1 + a2);
}

/* WENO(order=3), WENO5's buffer scheme next to a wall: the face between v2 and v3 from
 * the upwind side, v2 the nearest upwind cell. Stencils (v2, v3) and (v1, v2) with
 * C* = 2/3, 1/3, smoothness (v3 - v2)^2 and (v2 - v1)^2, tau3 = |b0 - b1|. */
__device__ double weno3(double v1, double v2, double v3)
{
	double q0 = 0.5 * (v2 + v3), q1 = 0.5 * (3.0 * v2 - v1);
	double b0 = (v3 - v2) * (v3 - v2), b1 = (v2 - v1) * (v2 - v1);
	double tau = fabs(b0 - b1);
	double a0 = zweno_alpha(2.0 / 3.0, tau, b0), a1 = zweno_alpha(1.0 / 3.0, tau, b1);
	return (a0 * q0 + a1 * q1) / (a0 + a1);
}

/* How many cells on each side of face f (0 .. n, faces 0 and n the walls) of a Bounded
 * direction with n cells a scheme that needs `buf` of them may use: Oceananigans
 * (src/Advection/topologically_conditional_interpolation.jl) evaluates a scheme of
 * required halo `buf` only on faces at least `buf` cells from both walls, else its
 * buffer scheme, one order lower (WENO5 -> WENO3 -> Centered(order=2)): WENO5 keeps 3,
 * so the first interior face is centred, the second WENO3. */
__device__ int bounded_buffer(int f, int n, int buf)
{
	int d = f < n - f ? f : n - f;
	return d < buf ? d : buf;
}

/* The scheme's buffer: Centered(order=2) needs 1 cell each side, WENO5 3. */
__device__ int scheme_buffer(int scheme)
{
	return scheme == 0 ? 1 : 3;
}

/* Tracer value on a face from the six cells c_m3..c_p2 around it (c_m1 | c_0 is the
 * face), upwind by the sign of the normal velocity vel, with the reconstruction of
 * buffer buf: 3 WENO5, 2 WENO3, 1 (or a wall's 0) Centered(order=2). */
__device__ double face_value(double c_m3, double c_m2, double c_m1, double c_0,
			     double c_p1, double c_p2, double vel, int buf)
{
	int left = vel >= 0.0;     /* the upwind-ordered values first: one reconstruction each */
	double v1 = left ? c_m3 : c_p2, v2 = left ? c_m2 : c_p1, v3 = left ? c_m1 : c_0;
	double v4 = left ? c_0 : c_m1, v5 = left ? c_p1 : c_m2;
	if (buf <= 1)
		return 0.5 * (c_m1 + c_0);
	if (buf == 2)
		return weno3(v2, v3, v4);
	return weno5(v1, v2, v3, v4, v5);
}

/* Advective flux of c through the west face of cell (i, j, k); with Bounded x zero on the
 * walls (faces 0 and NX) and the order reduced next to them. */
__device__ double flux_x(const double *u, const double *c, int i, int j, int k, int scheme)
{
#if OCEAN_BOUNDED_X
	if (i == 0 || i == NX)
		return 0.0;
	int buf = bounded_buffer(i, NX, scheme_buffer(scheme));
#else
	int buf = scheme_buffer(scheme);
#endif
	double vel = u[IX(i, j, k)];
	return vel * face_value(c[IX(i - 3, j, k)], c[IX(i - 2, j, k)], c[IX(i - 1, j, k)],
				c[IX(i, j, k)], c[IX(i + 1, j, k)], c[IX(i + 2, j, k)], vel, buf);
}

/* Through the south face; zero on the walls (faces 0 and NY), the order reduced next to
 * them (bounded_buffer). */
__device__ double flux_y(const double *v, const double *c, int i, int j, int k, int scheme)
{
	if (j == 0 || j == NY)
		return 0.0;
	double vel = v[IX(i, j, k)];
	return vel * face_value(c[IX(i, j - 3, k)], c[IX(i, j - 2, k)], c[IX(i, j - 1, k)],
				c[IX(i, j, k)], c[IX(i, j + 1, k)], c[IX(i, j + 2, k)], vel,
				bounded_buffer(j, NY, scheme_buffer(scheme)));
}

/* Through the bottom face; zero at the bottom, the order reduced next to the bottom and
 * the top (bounded_buffer). At the top the free surface moves with
 * w(top), and the flux is w(top) times the surface cell's value: with the linear free
 * surface this keeps a uniform tracer uniform (the volume flux through the top balances
 * the horizontal divergence of the top cell). */
__device__ double flux_z(const double *w, const double *c, int i, int j, int k, int scheme)
{
	if (k == 0)
		return 0.0;
	double vel = w[IX(i, j, k)];
	if (k == NZ)
		return vel * c[IX(i, j, NZ - 1)];
	return vel * face_value(c[IX(i, j, k - 3)], c[IX(i, j, k - 2)], c[IX(i, j, k - 1)],
				c[IX(i, j, k)], c[IX(i, j, k + 1)], c[IX(i, j, k + 2)], vel,
				bounded_buffer(k, NZ, scheme_buffer(scheme)));
}

#include "tracer_weno7.cuh"
#if OCEAN_TRACER_ORDER == 7
#define TRACER_FLUX(d) flux7_##d
#else
#define TRACER_FLUX(d) flux_##d
#endif

/* Laplacian diffusion of c at cell (i, j, k): horizontal kh, vertical kz. The mirrored
 * halos make the diffusive flux through walls, bottom and top zero. */
__device__ double diffusion(const double *c, int i, int j, int k, double kh, double kz)
{
	double cc = c[IX(i, j, k)];
	return kh * ((c[IX(i + 1, j, k)] - 2.0 * cc + c[IX(i - 1, j, k)]) / (DX * DX) +
		     (c[IX(i, j + 1, k)] - 2.0 * cc + c[IX(i, j - 1, k)]) / (DY * DY)) +
	       kz * (c[IX(i, j, k + 1)] - 2.0 * cc + c[IX(i, j, k - 1)]) / (DZ * DZ);
}

/* ---- tendencies ---- */

/* The free surface's pressure gradient in the baroclinic momentum tendencies
 * (explicit_barotropic_pressure_x_gradient): g d(eta)/dx for the explicit free surface,
 * 0 for the split-explicit one (its substeps carry it). */
__device__ double explicit_barotropic_pressure_x_gradient(const double *eta, int i, int j)
{
	return OCEAN_FS == SPLIT ? 0.0 : G_FS * ((eta[IX2(i, j)] - eta[IX2(i - 1, j)]) / DX);
}

__device__ double explicit_barotropic_pressure_y_gradient(const double *eta, int i, int j)
{
	return OCEAN_FS == SPLIT ? 0.0 : G_FS * ((eta[IX2(i, j)] - eta[IX2(i, j - 1)]) / DY);
}

/* div(u c) at cell (i, j, k) from the advective fluxes through its six faces
 * (Oceananigans div_Uc), with the tracers' scheme (TRACER_FLUX). */
__device__ double div_uc(const double *u, const double *v, const double *w, const double *c,
			 int i, int j, int k, int scheme)
{
	return (TRACER_FLUX(x)(u, c, i + 1, j, k, scheme) -
		TRACER_FLUX(x)(u, c, i, j, k, scheme)) / DX +
	       (TRACER_FLUX(y)(v, c, i, j + 1, k, scheme) -
		TRACER_FLUX(y)(v, c, i, j, k, scheme)) / DY +
	       (TRACER_FLUX(z)(w, c, i, j, k + 1, scheme) -
		TRACER_FLUX(z)(w, c, i, j, k, scheme)) / DZ;
}

/* Gc = -div(u c) + diffusion, flux form (Oceananigans div_Uc and the Laplacian
 * closure's div(kappa grad c)). */
__global__ void tracer_tendency(const double *u, const double *v, const double *w,
				const double *c, double *Gc, int scheme)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j >= NY)
		return;
	double div = div_uc(u, v, w, c, i, j, k, scheme);
	Gc[IX(i, j, k)] = -div + diffusion(c, i, j, k, KAPPA_H, KAPPA_Z);
}

/* Gu at (face i, centre j, centre k): centred flux-form momentum advection, f-plane
 * Coriolis with the four-point average of v, hydrostatic pressure gradient, free-surface
 * gravity-wave term, Laplacian viscosity. */
__global__ void u_tendency(const double *u, const double *v, const double *w,
			   const double *p, const double *eta, double *Gu)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j >= NY)
		return;
#if OCEAN_BOUNDED_X
	if (i == 0) {              /* the west wall's face: u stays 0 (the east wall's, NX, is a halo) */
		Gu[IX(i, j, k)] = 0.0;
		return;
	}
#endif
	/* x: (u at centres)^2 at centres i and i-1 */
	double ue = 0.5 * (u[IX(i, j, k)] + u[IX(i + 1, j, k)]);
	double uw = 0.5 * (u[IX(i - 1, j, k)] + u[IX(i, j, k)]);
	double adv_x = (ue * ue - uw * uw) / DX;
	/* y: v at (face i, face j) times u at (face i, face j); zero through the walls */
	double vn = (j + 1 == NY) ? 0.0 : 0.5 * (v[IX(i - 1, j + 1, k)] + v[IX(i, j + 1, k)]);
	double vs = (j == 0) ? 0.0 : 0.5 * (v[IX(i - 1, j, k)] + v[IX(i, j, k)]);
	double adv_y = (vn * 0.5 * (u[IX(i, j, k)] + u[IX(i, j + 1, k)]) -
			vs * 0.5 * (u[IX(i, j - 1, k)] + u[IX(i, j, k)])) / DY;
	/* z: w at (face i, face k) times u at face k; zero at the bottom; at the top the
	 * surface cell's u (as for tracers) */
	double wt = 0.5 * (w[IX(i - 1, j, k + 1)] + w[IX(i, j, k + 1)]);
	double wb = (k == 0) ? 0.0 : 0.5 * (w[IX(i - 1, j, k)] + w[IX(i, j, k)]);
	double ut = (k + 1 == NZ) ? u[IX(i, j, k)] : 0.5 * (u[IX(i, j, k)] + u[IX(i, j, k + 1)]);
	double adv_z = (wt * ut -
			wb * 0.5 * (u[IX(i, j, k - 1)] + u[IX(i, j, k)])) / DZ;
	double vbar = 0.25 * (v[IX(i - 1, j, k)] + v[IX(i, j, k)] +
			      v[IX(i - 1, j + 1, k)] + v[IX(i, j + 1, k)]);
	double dpdx = (p[IX(i, j, k)] - p[IX(i - 1, j, k)]) / DX;
#if OCEAN_VECTOR_INVARIANT
	double adv = vi_u_dot_grad_u(u, v, w, i, j, k);
#else
	double adv = adv_x + adv_y + adv_z;
#endif
	Gu[IX(i, j, k)] = -adv + coriolis_f(y_centre(j)) * vbar - dpdx -
			  explicit_barotropic_pressure_x_gradient(eta, i, j) +
			  diffusion(u, i, j, k, NU_H, NU_Z);
}

/* Gv at (centre i, face j, centre k) for the interior faces 1 .. NY-1; the wall faces
 * get Gv = 0 so v stays 0 there. */
__global__ void v_tendency(const double *u, const double *v, const double *w,
			   const double *p, const double *eta, double *Gv)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j >= NY)
		return;
	if (j == 0) {
		Gv[IX(i, j, k)] = 0.0;
		return;
	}
	/* x: u at (face i, face j) times v at face i */
	double ue = 0.5 * (u[IX(i + 1, j - 1, k)] + u[IX(i + 1, j, k)]);
	double uw = 0.5 * (u[IX(i, j - 1, k)] + u[IX(i, j, k)]);
	double adv_x = (ue * 0.5 * (v[IX(i, j, k)] + v[IX(i + 1, j, k)]) -
			uw * 0.5 * (v[IX(i - 1, j, k)] + v[IX(i, j, k)])) / DX;
	/* y: (v at centres)^2 at centres j and j-1 */
	double vn = 0.5 * (v[IX(i, j, k)] + v[IX(i, j + 1, k)]);
	double vs = 0.5 * (v[IX(i, j - 1, k)] + v[IX(i, j, k)]);
	double adv_y = (vn * vn - vs * vs) / DY;
	double wt = 0.5 * (w[IX(i, j - 1, k + 1)] + w[IX(i, j, k + 1)]);
	double wb = (k == 0) ? 0.0 : 0.5 * (w[IX(i, j - 1, k)] + w[IX(i, j, k)]);
	double vt = (k + 1 == NZ) ? v[IX(i, j, k)] : 0.5 * (v[IX(i, j, k)] + v[IX(i, j, k + 1)]);
	double adv_z = (wt * vt -
			wb * 0.5 * (v[IX(i, j, k - 1)] + v[IX(i, j, k)])) / DZ;
	double ubar = 0.25 * (u[IX(i, j - 1, k)] + u[IX(i + 1, j - 1, k)] +
			      u[IX(i, j, k)] + u[IX(i + 1, j, k)]);
	double dpdy = (p[IX(i, j, k)] - p[IX(i, j - 1, k)]) / DY;
#if OCEAN_VECTOR_INVARIANT
	double adv = vi_u_dot_grad_v(u, v, w, i, j, k);
#else
	double adv = adv_x + adv_y + adv_z;
#endif
	Gv[IX(i, j, k)] = -adv - coriolis_f(y_face(j)) * ubar - dpdy -
			  explicit_barotropic_pressure_y_gradient(eta, i, j) +
			  diffusion(v, i, j, k, NU_H, NU_Z);
}

/* ---- time stepping (Oceananigans QuasiAdamsBashforth2TimeStepper) ---- */

/* The G^- an AB2 step reads: none on a forward Euler step (chi = -1/2), where
 * Oceananigans zeroes G^- first (src/Models/HydrostaticFreeSurfaceModels/
 * hydrostatic_free_surface_ab2_step.jl, its issue 2259): a NaN left there would
 * otherwise survive 0 * NaN. */
__device__ double previous_tendency(const double *Gm, int n, double chi)
{
	return chi == -0.5 ? 0.0 : Gm[n];
}

/* c += dt ((3/2 + chi) G - (1/2 + chi) G^-); G^- <- G. chi = -1/2 is forward Euler. */
__global__ void ab2_step(double *c, const double *G, double *Gm, double dt, double chi)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j >= NY)
		return;
	int n = IX(i, j, k);
	double g = G[n];
	c[n] += dt * ((1.5 + chi) * g - (0.5 + chi) * previous_tendency(Gm, n, chi));
	Gm[n] = g;
}

__global__ void ab2_step_2d(double *c, const double *G, double *Gm, double dt, double chi)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY)
		return;
	int n = IX2(i, j);
	double g = G[n];
	c[n] += dt * ((1.5 + chi) * g - (0.5 + chi) * previous_tendency(Gm, n, chi));
	Gm[n] = g;
}

/* ---- diagnostics of the state (Oceananigans update_state!) ---- */

/* w from continuity, integrated upward from w = 0 at the bottom
 * (compute_w_from_continuity!); the free surface moves with w at the top:
 * Geta = w(top) (the explicit free surface's eta tendency). */
__global__ void vertical_velocity(const double *u, const double *v, double *w, double *Geta)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY)
		return;
	double wk = 0.0;
	w[IX(i, j, 0)] = 0.0;
	for (int k = 0; k < NZ; k++) {
		double div = (u[IX(i + 1, j, k)] - u[IX(i, j, k)]) / DX +
			     (v[IX(i, j + 1, k)] - v[IX(i, j, k)]) / DY;
		wk -= DZ * div;
		w[IX(i, j, k + 1)] = wk;
	}
	Geta[IX2(i, j)] = wk;
}

/* Linear equation of state (SeawaterBuoyancy with LinearEquationOfState, Oceananigans
 * src/BuoyancyFormulations/linear_equation_of_state.jl): b = g (alpha T - beta S), no
 * reference values. Launched over k = 0 .. NZ: the top halo level k = NZ too (from the
 * tracers' halo), which the hydrostatic pressure's top face reads. */
__global__ void buoyancy(const double *T, const double *S, double *b)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j >= NY)
		return;
	int n = IX(i, j, k);
	b[n] = G_EARTH * (ALPHA * T[n] - BETA * S[n]);
}

/* Hydrostatic pressure anomaly (kinematic), dp/dz = b, integrated downward from the
 * top face as Oceananigans' _update_hydrostatic_pressure! does
 * (src/Models/HydrostaticFreeSurfaceModels/update_hydrostatic_pressure.jl): the top
 * centre gets -(b at the top face) dz, b at a face the mean of the two cells beside it
 * (the top halo cell's b from the tracers' halo: the mirror makes it -b dz), and each
 * level below subtracts (b at the face above it) dz. */
__global__ void hydrostatic_pressure(const double *b, double *p)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY)
		return;
	double pk = -0.5 * (b[IX(i, j, NZ - 1)] + b[IX(i, j, NZ)]) * DZ;
	p[IX(i, j, NZ - 1)] = pk;
	for (int k = NZ - 2; k >= 0; k--) {
		pk -= 0.5 * (b[IX(i, j, k)] + b[IX(i, j, k + 1)]) * DZ;
		p[IX(i, j, k)] = pk;
	}
}

/* TEOS-10 (teos10.cuh, -DOCEAN_TEOS10=1): SeawaterBuoyancy with TEOS10EquationOfState,
 * b = -g rho'(T, S, Z) / rho_0 at the cell centre's geopotential height Z. */
__global__ void buoyancy_teos10(const double *T, const double *S, double *b)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j >= NY)
		return;
	int n = IX(i, j, k);
	b[n] = teos10_buoyancy(T[n], S[n], -LZ + (k + 0.5) * DZ, G_EARTH);
}

#if OCEAN_CATKE
#include "catke.cuh"
#endif

/* ---- host side: one time loop, the entry for `cuda2hlo --entry simulate` ---- */

/* x halos of a centred 3-D field (and of v, w, p), of a 2-D one, and of u, for the
 * compile-time x topology. */
static void fill_x(double *c)
{
#if OCEAN_BOUNDED_X
	fill_halo_walls_x<<<dim3((TY + 7) / 8, TZ), dim3(H, 8)>>>(c);
#else
	fill_halo_periodic_x<<<dim3((TY + 7) / 8, TZ), dim3(2 * H, 8)>>>(c);
#endif
}

static void fill_x_2d(double *c)
{
#if OCEAN_BOUNDED_X
	fill_halo_walls_x_2d<<<dim3((TY + 7) / 8, 1), dim3(H, 8)>>>(c);
#else
	fill_halo_periodic_x_2d<<<dim3((TY + 7) / 8, 1), dim3(2 * H, 8)>>>(c);
#endif
}

static void fill_x_normal(double *u)
{
#if OCEAN_BOUNDED_X
	fill_halo_walls_x_normal<<<dim3((TY + 7) / 8, TZ), dim3(H, 8)>>>(u);
#else
	fill_halo_periodic_x<<<dim3((TY + 7) / 8, TZ), dim3(2 * H, 8)>>>(u);
#endif
}

static void fill_centred(double *c)
{
	fill_x(c);
	fill_halo_walls_y<<<dim3((TX + 31) / 32, TZ), dim3(32, H)>>>(c);
	fill_halo_walls_z<<<dim3((TX + 31) / 32, TY), dim3(32, H)>>>(c);
}

/* update_state!: halos of the prognostic fields, then the diagnosed w (and eta's
 * tendency), buoyancy and hydrostatic pressure, with their halos. */
static void update_state(double *u, double *v, double *w, double *T, double *S, double *eta,
			 double *b, double *p, double *Geta)
{
	dim3 block(BX, BY, 1);
	dim3 grid2((NX + BX - 1) / BX, (NY + BY - 1) / BY, 1);
	dim3 grid3_top((NX + BX - 1) / BX, (NY + BY - 1) / BY, NZ + 1);   /* and the top halo */
	fill_x_normal(u);
	fill_halo_walls_y<<<dim3((TX + 31) / 32, TZ), dim3(32, H)>>>(u);
	fill_halo_walls_z<<<dim3((TX + 31) / 32, TY), dim3(32, H)>>>(u);
	fill_x(v);
	fill_halo_walls_y_normal<<<dim3((TX + 31) / 32, TZ), dim3(32, H)>>>(v);
	fill_halo_walls_z<<<dim3((TX + 31) / 32, TY), dim3(32, H)>>>(v);
	fill_centred(T);
	fill_centred(S);
	fill_x_2d(eta);
	fill_halo_walls_y_2d<<<dim3((TX + 31) / 32, 1), dim3(32, H)>>>(eta);
	vertical_velocity<<<grid2, block>>>(u, v, w, Geta);
	fill_x(w);
#if OCEAN_TEOS10
	buoyancy_teos10<<<grid3_top, block>>>(T, S, b);
#else
	buoyancy<<<grid3_top, block>>>(T, S, b);
#endif
	hydrostatic_pressure<<<grid2, block>>>(b, p);
	fill_x(p);
}

#if OCEAN_CATKE
/* CATKE's part of update_state!: e's halos, the diffusivities (compute_closure_fields!)
 * and kappa_u's halos (u's and v's face viscosities average it in x and y). */
static void catke_update_state(double *u, double *v, double *b, double *e, double *kappa_u,
			       double *kappa_c, double *kappa_e)
{
	dim3 block(BX, BY, 1);
	dim3 grid3((NX + BX - 1) / BX, (NY + BY - 1) / BY, NZ);
	fill_centred(e);
	catke_diffusivities<<<grid3, block>>>(u, v, b, e, kappa_u, kappa_c, kappa_e);
	fill_x(kappa_u);
	fill_halo_walls_y<<<dim3((TX + 31) / 32, TZ), dim3(32, H)>>>(kappa_u);
}

/* implicit_step! after the explicit step: u and v with the viscosity kappa_u, T and S
 * with kappa_c, e with kappa_e and its implicit linear term Le; cp, dp are scratch. */
static void catke_implicit_step(double *u, double *v, double *T, double *S, double *e,
				double *kappa_u, double *kappa_c, double *kappa_e, double *Le,
				double dt, double *cp, double *dp)
{
	dim3 block(BX, BY, 1);
	dim3 grid2((NX + BX - 1) / BX, (NY + BY - 1) / BY, 1);
	implicit_vertical_diffusion<<<grid2, block>>>(u, kappa_u, Le, 0.0, dt, 1, cp, dp);
	implicit_vertical_diffusion<<<grid2, block>>>(v, kappa_u, Le, 0.0, dt, 2, cp, dp);
	implicit_vertical_diffusion<<<grid2, block>>>(T, kappa_c, Le, 0.0, dt, 0, cp, dp);
	implicit_vertical_diffusion<<<grid2, block>>>(S, kappa_c, Le, 0.0, dt, 0, cp, dp);
	implicit_vertical_diffusion<<<grid2, block>>>(e, kappa_e, Le, 1.0, dt, 0, cp, dp);
}
#endif

#if OCEAN_FS == SPLIT
#include "split_explicit.cuh"
#endif

/* Advances the state by nsteps steps of dt. The first of them is a forward Euler step
 * when first != 0 (the model starts from rest: no G^-) or when dt differs from last_dt,
 * the time step of the step before (a restart with a new dt), as Oceananigans' time_step!
 * decides with clock.last_dt (src/TimeSteppers/quasi_adams_bashforth_2.jl); last_dt is
 * infinite before any step. The pointers are the state of
 * state.cuh, device arrays of NTOTAL doubles (the 2-D ones NTOTAL2). On entry and exit
 * the state is complete: halos filled, w, b, p and Geta consistent with u, v, T, S, eta. */
void simulate(OCEAN_STATE(OCEAN_PARAM, OCEAN_PARAM) double dt, double last_dt, int nsteps,
	      int first, int scheme)
{
#if OCEAN_FS == SPLIT
	for (int n = 0; n < nsteps; n++) {
		double chi = (n == 0 && (first || dt != last_dt)) ? -0.5 : CHI;
		split_explicit_time_step(OCEAN_STATE(OCEAN_ARG, OCEAN_ARG) dt, chi, scheme);
	}
#else
	dim3 block(BX, BY, 1);
	dim3 grid3((NX + BX - 1) / BX, (NY + BY - 1) / BY, NZ);
	dim3 grid2((NX + BX - 1) / BX, (NY + BY - 1) / BY, 1);
	for (int n = 0; n < nsteps; n++) {
		double chi = (n == 0 && (first || dt != last_dt)) ? -0.5 : CHI;
		u_tendency<<<grid3, block>>>(u, v, w, p, eta, Gu);
		v_tendency<<<grid3, block>>>(u, v, w, p, eta, Gv);
		tracer_tendency<<<grid3, block>>>(u, v, w, T, GT, scheme);
		tracer_tendency<<<grid3, block>>>(u, v, w, S, GS, scheme);
#if OCEAN_CATKE
		tke_tendency<<<grid3, block>>>(u, v, w, b, e, kappa_u, kappa_c, Ge, Le, scheme);
#endif
#if OCEAN_FLUX_BCS
		apply_flux_bcs<<<grid2, block>>>(u, v, w, T, Gu, Gv, GT);
#endif
		ab2_step<<<grid3, block>>>(u, Gu, Gum, dt, chi);
		ab2_step<<<grid3, block>>>(v, Gv, Gvm, dt, chi);
		ab2_step<<<grid3, block>>>(T, GT, GTm, dt, chi);
		ab2_step<<<grid3, block>>>(S, GS, GSm, dt, chi);
		ab2_step_2d<<<grid2, block>>>(eta, Geta, Getam, dt, chi);
#if OCEAN_CATKE
		ab2_step<<<grid3, block>>>(e, Ge, Gem, dt, chi);
		catke_implicit_step(u, v, T, S, e, kappa_u, kappa_c, kappa_e, Le, dt, cp, dp);
#endif
		update_state(u, v, w, T, S, eta, b, p, Geta);
#if OCEAN_CATKE
		catke_update_state(u, v, b, e, kappa_u, kappa_c, kappa_e);
#endif
	}
#endif
}

/* Completes a state given u, v, T, S, eta (the same update_state! as in the loop). */
void initialize_state(double *u, double *v, double *w, double *T, double *S, double *eta,
		      double *b, double *p, double *Geta)
{
	update_state(u, v, w, T, S, eta, b, p, Geta);
}
