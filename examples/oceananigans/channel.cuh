/* channel.cuh: the realistic demo case, an Abernathey-style wind-driven baroclinic channel
 * (Abernathey, Marshall and Ferreira 2011, J. Phys. Oceanogr. 41, 2261; reduced), selected
 * by -DOCEAN_CASE=CHANNEL before any other option (ocean.cu includes it first). It consumes
 * nothing and produces the configuration macros below; each can still be overridden with
 * its own -D. The set-up of the state (main.cu's initial_state) reads CHANNEL_N2 and the
 * restoring profile RESTORING_T_STAR of boundary_fluxes.cuh.
 *
 * In Oceananigans' terms (README.md, "The baroclinic channel"):
 *   grid      RectilinearGrid, topology (Periodic, Bounded, Bounded), 1000 km x 1000 km x 1 km
 *   coriolis  BetaPlane(f0 = 1e-4, beta = 1.6e-11)
 *   free surface  SplitExplicitFreeSurface(cfl = 0.7), g = 9.80665
 *   momentum_advection  WENOVectorInvariant(order = 5); tracer_advection WENO(order = 5)
 *   closure   horizontal and vertical ScalarDiffusivity (NU_H, NU_Z of ocean.cu)
 *   u boundary conditions  top: FluxBoundaryCondition(-tau0 cos(pi y / Ly) / rho0)
 *             (tau0 sin(pi y' / Ly) with y' = y + Ly/2 from the south wall, tau0 = 0.1 N/m^2);
 *             bottom: BulkDrag (quadratic, Cd = 0.003), u and v
 *   T boundary conditions  top: FluxBoundaryCondition((dz / tau) (T - T*(y))), tau = 30 days,
 *             T*(y) = 10 - 20 y / Ly deg C (warm south, cold north)
 *   timestepper  QuasiAdamsBashforth2
 * The initial state is at rest with T = T*(y) + N^2 (z - z_top) / (g alpha) plus noise. */
#ifndef OCEAN_CHANNEL_CUH
#define OCEAN_CHANNEL_CUH

#ifndef OCEAN_FS
#define OCEAN_FS SPLIT
#endif
#ifndef OCEAN_VECTOR_INVARIANT
#define OCEAN_VECTOR_INVARIANT 1
#endif
#ifndef OCEAN_BETA_PLANE
#define OCEAN_BETA_PLANE 1
#endif
#ifndef OCEAN_BOTTOM_DRAG
#define OCEAN_BOTTOM_DRAG 1
#endif
#ifndef OCEAN_WIND_STRESS
#define OCEAN_WIND_STRESS 1
#endif
#ifndef OCEAN_SURFACE_RESTORING
#define OCEAN_SURFACE_RESTORING 1
#endif
#ifndef CHANNEL_N2
#define CHANNEL_N2 4.0e-6       /* initial stratification N^2 (1/s^2) */
#endif

#endif
