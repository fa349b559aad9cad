/* coriolis.cuh: the Coriolis parameter of Oceananigans' FPlane and BetaPlane
 * (src/Coriolis/f_plane.jl, beta_plane.jl, v0.110.19): f = f0 on an f-plane, f = f0 + beta y
 * on a beta plane (-DOCEAN_BETA_PLANE=1; beta = BETA_Y, 1/(m s)). y is the meridional
 * coordinate of the channel with y = 0 at its centre (Oceananigans' baroclinic adjustment
 * example takes y in (-Ly/2, Ly/2)). Consumed by the Coriolis terms of u_tendency and
 * v_tendency, which use Oceananigans' default EnstrophyConserving scheme: f at the
 * (face, face) points averaged to the velocity point times the four-point average of the
 * other velocity. On a uniform grid the average of the linear f over the two faces of a
 * cell is f at the cell centre, so these functions take the y of the velocity point. */
#ifndef OCEAN_CORIOLIS_CUH
#define OCEAN_CORIOLIS_CUH

#ifndef OCEAN_BETA_PLANE
#define OCEAN_BETA_PLANE 0
#endif
#ifndef BETA_Y
#define BETA_Y 1.6e-11          /* 2 Omega cos(45 deg) / R_earth (1/(m s)) */
#endif

/* y of centre j and of face j (m), 0 at the channel's centre. */
__device__ double y_centre(int j)
{
	return (j + 0.5) * DY - 0.5 * LY;
}

__device__ double y_face(int j)
{
	return j * DY - 0.5 * LY;
}

/* f at meridional coordinate y (1/s). */
__device__ double coriolis_f(double y)
{
#if OCEAN_BETA_PLANE
	return F0 + BETA_Y * y;
#else
	return F0;
#endif
}

#endif
