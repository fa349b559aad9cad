/* boundary_fluxes.cuh: flux boundary conditions at the bottom and the top, as Oceananigans
 * applies them after the tendencies (src/BoundaryConditions/compute_flux_bcs.jl,
 * v0.110.19): a flux F through the bottom adds F / dz to the bottom cell's tendency, a flux
 * through the top subtracts F / dz from the top cell's (fluxes positive upward). Each is
 * selected at compile time and off by default:
 *   -DOCEAN_BOTTOM_DRAG=1  quadratic bottom drag on u and v (Oceananigans' BulkDrag with its
 *                          QuadraticFormulation): F = -Cd |U| u, |U|^2 = u^2 plus the
 *                          averages of v^2 and w^2 around the u point in the bottom cell
 *                          (speed²ᶠᶜᶜ), Cd = CD_BOTTOM = 0.003;
 *   -DOCEAN_WIND_STRESS=1  zonal wind stress tau(y) = TAU0 cos(pi y / Ly) (N/m^2) at the
 *                          top: F = -tau / RHO0 (an eastward stress is a downward flux of
 *                          eastward momentum);
 *   -DOCEAN_HEAT_FLUX=1    surface heat flux Q(y) = Q0 sin(pi y / Ly) (W/m^2, positive
 *                          upward: cooling north of the centre, heating south of it):
 *                          F = Q / (RHO0 CP0) on T;
 *   -DOCEAN_SURFACE_RESTORING=1  surface temperature relaxed toward T*(y) (restoring_T_star,
 *                          linear in y) with the time scale TAU_RESTORE, written as the flux
 *                          boundary condition of Oceananigans users (a FluxBoundaryCondition
 *                          with field_dependencies = :T): F = (DZ / TAU_RESTORE) (T - T*(y)),
 *                          the piston velocity DZ / TAU_RESTORE over the top cell.
 * apply_flux_bcs consumes u, v, w, T and adds to Gu, Gv, GT; simulate launches it right after
 * the tendency kernels when any of the three is on (OCEAN_FLUX_BCS). */
#ifndef OCEAN_BOUNDARY_FLUXES_CUH
#define OCEAN_BOUNDARY_FLUXES_CUH

#include "coriolis.cuh"

#ifndef OCEAN_BOTTOM_DRAG
#define OCEAN_BOTTOM_DRAG 0
#endif
#ifndef OCEAN_WIND_STRESS
#define OCEAN_WIND_STRESS 0
#endif
#ifndef OCEAN_HEAT_FLUX
#define OCEAN_HEAT_FLUX 0
#endif
#ifndef OCEAN_SURFACE_RESTORING
#define OCEAN_SURFACE_RESTORING 0
#endif
#define OCEAN_FLUX_BCS                                                                      \
	(OCEAN_BOTTOM_DRAG || OCEAN_WIND_STRESS || OCEAN_HEAT_FLUX || OCEAN_SURFACE_RESTORING)
#ifndef CD_BOTTOM
#define CD_BOTTOM 0.003         /* quadratic bottom drag coefficient */
#endif
#ifndef TAU0
#define TAU0 0.1                /* peak wind stress (N/m^2) */
#endif
#ifndef Q0
#define Q0 10.0                 /* peak surface heat flux (W/m^2) */
#endif
#ifndef TAU_RESTORE
#define TAU_RESTORE (30.0 * 86400.0) /* surface restoring time scale (s) */
#endif
#ifndef T_STAR_MEAN
#define T_STAR_MEAN 10.0        /* restoring target at the channel's centre (deg C) */
#endif
#ifndef T_STAR_DELTA
#define T_STAR_DELTA 20.0       /* its drop from the south wall to the north wall (K) */
#endif
/* The restoring target T*(y) (deg C), linear in y (0 at the centre): warm south, cold
 * north. A macro, so that main.cu's set-up takes the same profile on the host. */
#define RESTORING_T_STAR(y) (T_STAR_MEAN - T_STAR_DELTA * (y) / LY)
#define RHO0 1026.0             /* reference density (kg/m^3) */
#define CP0 3991.0              /* heat capacity of sea water (J/(kg K)) */
#define OCEAN_PI 3.14159265358979323846

__device__ double sq(double x)
{
	return x * x;
}

/* Bottom flux of u at (face i, centre j): BulkDrag's x drag in the bottom cell. */
__device__ double bottom_drag_u(const double *u, const double *v, const double *w, int i,
				int j)
{
	double uu = u[IX(i, j, 0)];
	double v2 = 0.25 * (sq(v[IX(i - 1, j, 0)]) + sq(v[IX(i, j, 0)]) +
			    sq(v[IX(i - 1, j + 1, 0)]) + sq(v[IX(i, j + 1, 0)]));
	double w2 = 0.25 * (sq(w[IX(i - 1, j, 0)]) + sq(w[IX(i, j, 0)]) +
			    sq(w[IX(i - 1, j, 1)]) + sq(w[IX(i, j, 1)]));
	return -CD_BOTTOM * sqrt(uu * uu + v2 + w2) * uu;
}

/* Bottom flux of v at (centre i, face j): BulkDrag's y drag in the bottom cell. */
__device__ double bottom_drag_v(const double *u, const double *v, const double *w, int i,
				int j)
{
	double vv = v[IX(i, j, 0)];
	double u2 = 0.25 * (sq(u[IX(i, j - 1, 0)]) + sq(u[IX(i + 1, j - 1, 0)]) +
			    sq(u[IX(i, j, 0)]) + sq(u[IX(i + 1, j, 0)]));
	double w2 = 0.25 * (sq(w[IX(i, j - 1, 0)]) + sq(w[IX(i, j, 0)]) +
			    sq(w[IX(i, j - 1, 1)]) + sq(w[IX(i, j, 1)]));
	return -CD_BOTTOM * sqrt(u2 + vv * vv + w2) * vv;
}

/* Top flux of u at centre row j: -tau(y) / rho0 (m^2/s^2). */
__device__ double wind_stress_flux_u(int j)
{
	return -TAU0 * cos(OCEAN_PI * y_centre(j) / LY) / RHO0;
}

/* Top flux of T at centre row j: Q(y) / (rho0 cp) (K m/s). */
__device__ double heat_flux_T(int j)
{
	return Q0 * sin(OCEAN_PI * y_centre(j) / LY) / (RHO0 * CP0);
}

/* Top flux of T in column (i, j) relaxing the top cell toward T*(y) (K m/s). */
__device__ double restoring_flux_T(const double *T, int i, int j)
{
	return DZ / TAU_RESTORE * (T[IX(i, j, NZ - 1)] - RESTORING_T_STAR(y_centre(j)));
}

/* The momentum fluxes (bottom drag, wind stress) added to the bottom and top cells of
 * column (i, j) (Oceananigans' compute_momentum_flux_bcs!); Gv on the wall face j = 0
 * stays 0. */
__device__ void add_momentum_flux_bcs(const double *u, const double *v, const double *w,
				      double *Gu, double *Gv, int i, int j)
{
#if OCEAN_BOTTOM_DRAG
	Gu[IX(i, j, 0)] += bottom_drag_u(u, v, w, i, j) / DZ;
	if (j > 0)
		Gv[IX(i, j, 0)] += bottom_drag_v(u, v, w, i, j) / DZ;
#endif
#if OCEAN_WIND_STRESS
	Gu[IX(i, j, NZ - 1)] -= wind_stress_flux_u(j) / DZ;
#endif
}

/* The tracer fluxes (surface heat flux, restoring) added to the top cell of column (i, j). */
__device__ void add_tracer_flux_bcs(const double *T, double *GT, int i, int j)
{
#if OCEAN_HEAT_FLUX
	GT[IX(i, j, NZ - 1)] -= heat_flux_T(j) / DZ;
#endif
#if OCEAN_SURFACE_RESTORING
	GT[IX(i, j, NZ - 1)] -= restoring_flux_T(T, i, j) / DZ;
#endif
}

/* Adds the selected boundary fluxes to the bottom and top cells' tendencies of the
 * interior columns. */
__global__ void apply_flux_bcs(const double *u, const double *v, const double *w,
			       const double *T, double *Gu, double *Gv, double *GT)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY)
		return;
	add_momentum_flux_bcs(u, v, w, Gu, Gv, i, j);
	add_tracer_flux_bcs(T, GT, i, j);
}

/* The two parts apart, for the split-explicit step (split_explicit.cuh), where the
 * momentum fluxes enter before the barotropic substeps and the tracer fluxes with the
 * tracer tendencies after them. */
__global__ void apply_momentum_flux_bcs(const double *u, const double *v, const double *w,
					double *Gu, double *Gv)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY)
		return;
	add_momentum_flux_bcs(u, v, w, Gu, Gv, i, j);
}

__global__ void apply_tracer_flux_bcs(const double *T, double *GT)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY)
		return;
	add_tracer_flux_bcs(T, GT, i, j);
}

#endif
