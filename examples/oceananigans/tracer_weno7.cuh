/* tracer_weno7.cuh: tracer advection with Oceananigans' WENO(order=7) (weno7.cuh), selected
 * by -DOCEAN_TRACER_ORDER=7 (needs -DHALO=4: a face's stencil reads four cells on each
 * side). Consumes the velocities and a tracer with filled halos; produces the advective
 * fluxes through the cell faces, with the same signatures as ocean.cu's flux_x, flux_y,
 * flux_z (tracer_tendency takes these instead). scheme 0 stays centred (second order).
 *
 * Near a Bounded boundary the order is reduced as Oceananigans does for WENO(order=7)
 * (src/Advection/topologically_conditional_interpolation.jl, v0.110.19): its buffer chain
 * is WENO7 -> WENO5 -> WENO3 -> Centered(order=2), and a face f of a direction with n
 * cells (faces 0 .. n) keeps a scheme whose stencil needs a halo h when h <= f <= n - h;
 * so WENO7 on faces 4 .. n-4, WENO5 on 3 and n-3, WENO3 on 2 and n-2, centred on 1 and n-1
 * (y and z here; x is periodic). The boundary faces themselves are ocean.cu's: no flux
 * through the walls and the bottom, w(top) times the top cell's value at the top. The
 * WENO5 and WENO3 (Oceananigans' WENO{2}, C* = 2/3, 1/3) are ocean.cu's weno5, weno3. */
#ifndef OCEAN_TRACER_WENO7_CUH
#define OCEAN_TRACER_WENO7_CUH

#include "weno7.cuh"

#ifndef OCEAN_TRACER_ORDER
#define OCEAN_TRACER_ORDER 5
#endif
#if OCEAN_TRACER_ORDER == 7 && HALO < 4
#error "WENO(order=7) tracer advection reads 4 cells on each side of a face: build with -DHALO=4"
#endif

/* The order at face f of a Bounded direction of n cells. */
__device__ int weno7_face_order(int f, int n)
{
	return (f >= 4 && f <= n - 4) ? 7 : (f >= 3 && f <= n - 3) ? 5 : (f >= 2 && f <= n - 2) ? 3 : 2;
}

/* Tracer value on a face from the eight cells c_m4..c_p3 (c_m1 | c_0 is the face) at the
 * given order, upwind by the sign of vel: the seven upwind-ordered values are chosen first
 * (v4 the nearest upwind cell), then one reconstruction per order reads them, and the
 * order weighs them by 1 and 0 (exact: x + 0 = x for the finite values here). Not
 * branched on: a read taken only where one order applies (a union of row ranges) made
 * the raise fall back to gathers for NY >= 48 with HALO 4 (64x64x16: 30 gathers in
 * tracer_tendency), while a read taken on every thread is slices of one box. */
__device__ double face_value7(int order, double c_m4, double c_m3, double c_m2, double c_m1,
			      double c_0, double c_p1, double c_p2, double c_p3, double vel)
{
	int left = vel > 0.0;
	double v1 = left ? c_m4 : c_p3, v2 = left ? c_m3 : c_p2, v3 = left ? c_m2 : c_p1;
	double v4 = left ? c_m1 : c_0, v5 = left ? c_0 : c_m1, v6 = left ? c_p1 : c_m2;
	double v7 = left ? c_p2 : c_m3;
	double r7 = weno7(v1, v2, v3, v4, v5, v6, v7), r5 = weno5(v2, v3, v4, v5, v6);
	double r3 = weno3(v3, v4, v5), r2 = 0.5 * (v4 + v5);
	return (order == 7) * r7 + (order == 5) * r5 + (order == 3) * r3 + (order == 2) * r2;
}

/* Through the west face of cell (i, j, k): order 7 with a periodic x; with a Bounded x
 * (OCEAN_BOUNDED_X) zero on the walls and the order reduced as in y. */
__device__ double flux7_x(const double *u, const double *c, int i, int j, int k, int scheme)
{
#if OCEAN_BOUNDED_X
	if (i == 0 || i == NX)
		return 0.0;
	int order = scheme == 0 ? 2 : weno7_face_order(i, NX);
#else
	int order = scheme == 0 ? 2 : 7;
#endif
	double vel = u[IX(i, j, k)];
	return vel * face_value7(order, c[IX(i - 4, j, k)], c[IX(i - 3, j, k)],
				 c[IX(i - 2, j, k)], c[IX(i - 1, j, k)], c[IX(i, j, k)],
				 c[IX(i + 1, j, k)], c[IX(i + 2, j, k)], c[IX(i + 3, j, k)], vel);
}

/* Through the south face; zero on the walls. */
__device__ double flux7_y(const double *v, const double *c, int i, int j, int k, int scheme)
{
	if (j == 0 || j == NY)
		return 0.0;
	double vel = v[IX(i, j, k)];
	return vel * face_value7(scheme == 0 ? 2 : weno7_face_order(j, NY), c[IX(i, j - 4, k)],
				 c[IX(i, j - 3, k)], c[IX(i, j - 2, k)], c[IX(i, j - 1, k)],
				 c[IX(i, j, k)], c[IX(i, j + 1, k)], c[IX(i, j + 2, k)],
				 c[IX(i, j + 3, k)], vel);
}

/* Through the bottom face; zero at the bottom, w(top) times the top cell at the top. */
__device__ double flux7_z(const double *w, const double *c, int i, int j, int k, int scheme)
{
	if (k == 0)
		return 0.0;
	double vel = w[IX(i, j, k)];
	if (k == NZ)
		return vel * c[IX(i, j, NZ - 1)];
	return vel * face_value7(scheme == 0 ? 2 : weno7_face_order(k, NZ), c[IX(i, j, k - 4)],
				 c[IX(i, j, k - 3)], c[IX(i, j, k - 2)], c[IX(i, j, k - 1)],
				 c[IX(i, j, k)], c[IX(i, j, k + 1)], c[IX(i, j, k + 2)],
				 c[IX(i, j, k + 3)], vel);
}

#endif
