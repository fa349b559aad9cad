/* split_explicit.cuh: Oceananigans' SplitExplicitFreeSurface (v0.110.19,
 * src/Models/HydrostaticFreeSurfaceModels/SplitExplicitFreeSurfaces/) for ocean.cu, included
 * when OCEAN_FS == SPLIT. It consumes the baroclinic state and tendencies of ocean.cu and
 * produces the free surface eta, the barotropic transports U = sum(u dz), V = sum(v dz)
 * and the barotropic correction of u, v, substepped inside each baroclinic step (QAB2) or
 * each SplitRungeKutta3 stage.
 *
 * Per baroclinic step (or stage) of length dt:
 *   GU = sum_k dz * G_u (the QAB2 combination (3/2 + chi) Gu - (1/2 + chi) Gu^- for QAB2,
 *        G^- ignored when its coefficient is 0; Gu itself for RK3)  compute_slow_tendencies.jl
 *   M* forward-backward substeps of dtau (step_split_explicit_free_surface.jl):
 *     U += dtau (-g H d(eta)/dx + GU),  V likewise;   Ut += t_m U   (transport average)
 *     eta -= dtau (dU/dx + dV/dy);   eta_avg += a_m eta, U_avg += a_m U, V_avg += a_m V
 *   eta, U, V <- their averages.
 * The substep count S = max(5, ceil(2 dt / dt_bt)) with dt_bt = cfl ds / sqrt(g H),
 * 1/ds^2 = 1/dx^2 + 1/dy^2 (FixedTimeStepSize, cfl = SPLIT_CFL = 0.7), or SPLIT_SUBSTEPS if
 * defined (FixedSubstepNumber). The weights are weights_from_substeps of the default
 * averaging_shape_function (Shchepetkin and McWilliams 2005, p = 2, q = 4, r = 0.18927)
 * at tau_m = 2 m / S: a_m = f(tau_m) / sum f for m = 1 .. M* (M* the last m with f > 0),
 * the step rescaled so that sum a_m m dtau = dt, t_m = dtau/dt sum_{i >= m} a_i.
 * Tracers are advected by the transport velocities ut = u + (Ut - sum(u dz)) / H (and wt
 * from their continuity); after the velocity step u += (U - sum(u dz)) / H
 * (barotropic_split_explicit_corrector.jl). H = LZ (flat bottom). */

#ifndef SPLIT_CFL
#define SPLIT_CFL 0.7
#endif
#define SPLIT_G G_EARTH
/* averaging_shape_function's constants: p = 2, q = 4, r, tau0 = (p+2)(p+q+2)/((p+1)(p+q+1)) */
#define SPLIT_R 0.18927
#define SPLIT_TAU0 (4.0 * 8.0 / (3.0 * 7.0))
#define SPLIT_SHAPE(x) ((x) * (x) * (1.0 - (x) * (x) * (x) * (x)) - SPLIT_R * (x))

/* Impenetrable walls in y for a 2-D face field (V): 0 on faces 0 and NY, odd beyond. */
__global__ void fill_halo_walls_y_normal_2d(double *v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x - H;
	int m = threadIdx.y;
	if (i >= NX + H)
		return;
	if (m == 0) {
		v[IX2(i, 0)] = 0.0;
		v[IX2(i, NY)] = 0.0;
	} else {
		v[IX2(i, NY + m)] = -v[IX2(i, NY - m)];
	}
	v[IX2(i, -1 - m)] = -v[IX2(i, 1 + m)];
}

/* The QAB2 (or RK) combination of a velocity tendency; G^- does not enter when its
 * coefficient is 0 (a NaN there stays out, as ab2_step_G's not_euler). */
__device__ double slow_tendency(const double *G, const double *Gm, int n, double c1, double c2)
{
	return c1 * G[n] - (c2 != 0.0 ? c2 * Gm[n] : 0.0);
}

/* GU, GV = vertical integrals of the slow tendencies (compute_integrated_ab2_tendencies). */
__global__ void barotropic_forcing(const double *Gu, const double *Gv, const double *Gum,
				   const double *Gvm, double *GU, double *GV, double c1, double c2)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY)
		return;
	double gu = 0.0, gv = 0.0;
	for (int k = 0; k < NZ; k++) {
		gu += DZ * slow_tendency(Gu, Gum, IX(i, j, k), c1, c2);
		gv += DZ * slow_tendency(Gv, Gvm, IX(i, j, k), c1, c2);
	}
	GU[IX2(i, j)] = gu;
	GV[IX2(i, j)] = gv;
}

/* U, V = sum(u dz), sum(v dz) (compute_barotropic_mode!). */
__global__ void barotropic_mode(const double *u, const double *v, double *U, double *V)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY)
		return;
	double su = 0.0, sv = 0.0;
	for (int k = 0; k < NZ; k++) {
		su += DZ * u[IX(i, j, k)];
		sv += DZ * v[IX(i, j, k)];
	}
	U[IX2(i, j)] = su;
	V[IX2(i, j)] = sv;
}

/* One forward substep of the transports with eta^m (_split_explicit_barotropic_velocity!);
 * V on the wall face j = 0 stays 0. Ut += tw U. */
__global__ void barotropic_velocity_substep(const double *eta, double *U, double *V,
					    const double *GU, const double *GV, double *Ut,
					    double *Vt, double dtau, double tw)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY)
		return;
	int n = IX2(i, j);
	double Un = U[n] + dtau * (-SPLIT_G * LZ * (eta[n] - eta[IX2(i - 1, j)]) / DX + GU[n]);
	double Vn = V[n];
	if (j > 0)
		Vn += dtau * (-SPLIT_G * LZ * (eta[n] - eta[IX2(i, j - 1)]) / DY + GV[n]);
	U[n] = Un;
	V[n] = Vn;
	Ut[n] += tw * Un;
	Vt[n] += tw * Vn;
}

/* The backward substep of eta with U^{m+1}, V^{m+1} (_split_explicit_free_surface!), and
 * the averages with weight aw. */
__global__ void free_surface_substep(double *eta, const double *U, const double *V,
				     double *etab, double *Ub, double *Vb, double dtau, double aw)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	if (i >= NX || j >= NY)
		return;
	int n = IX2(i, j);
	double e = eta[n] - dtau * ((U[IX2(i + 1, j)] - U[n]) / DX + (V[IX2(i, j + 1)] - V[n]) / DY);
	eta[n] = e;
	etab[n] += aw * e;
	Ub[n] += aw * U[n];
	Vb[n] += aw * V[n];
}

/* The velocity c plus the barotropic correction (C - Cb) / H at (i, j, k). */
__device__ double corrected(const double *c, const double *C, const double *Cb, int i, int j, int k)
{
	return c[IX(i, j, k)] + (C[IX2(i, j)] - Cb[IX2(i, j)]) / LZ;
}

/* u += (U - sum(u dz)) / H, v likewise (_barotropic_split_explicit_corrector!). */
__global__ void barotropic_correction(double *u, double *v, const double *U, const double *V,
				      const double *Ub, const double *Vb)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j >= NY)
		return;
	double un = corrected(u, U, Ub, i, j, k), vn = corrected(v, V, Vb, i, j, k);
	u[IX(i, j, k)] = un;
	v[IX(i, j, k)] = vn;
}

/* ut = u + (Ut - sum(u dz)) / H, vt likewise
 * (_compute_split_explicit_transport_velocities!). */
__global__ void transport_velocities(const double *u, const double *v, const double *Ut,
				     const double *Vt, const double *Ub, const double *Vb,
				     double *ut, double *vt)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j >= NY)
		return;
	ut[IX(i, j, k)] = corrected(u, Ut, Ub, i, j, k);
	vt[IX(i, j, k)] = corrected(v, Vt, Vb, i, j, k);
}

/* RK3 stage of a field: c = c0 + dtau G (_rk_substep_field!). */
__global__ void rk_substep(double *c, const double *G, const double *c0, double dtau)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int j = blockIdx.y * blockDim.y + threadIdx.y;
	int k = blockIdx.z;
	if (i >= NX || j >= NY)
		return;
	int n = IX(i, j, k);
	c[n] = c0[n] + dtau * G[n];
}

/* Halos of a 2-D centred-in-y field (eta, U) and of a 2-D y-face field (V). */
static void fill_centred_2d(double *c)
{
	fill_halo_periodic_x_2d<<<dim3((TY + 7) / 8, 1), dim3(2 * H, 8)>>>(c);
	fill_halo_walls_y_2d<<<dim3((TX + 31) / 32, 1), dim3(32, H)>>>(c);
}

static void fill_normal_2d(double *v)
{
	fill_halo_periodic_x_2d<<<dim3((TY + 7) / 8, 1), dim3(2 * H, 8)>>>(v);
	fill_halo_walls_y_normal_2d<<<dim3((TX + 31) / 32, 1), dim3(32, H)>>>(v);
}

/* step_free_surface!: the substeps of one baroclinic step (or stage) of length dt from
 * the slow forcing GU, GV; on return eta, U, V are the averages, halos filled. */
static void split_explicit_substeps(double *eta, double *U, double *V, double *etab,
				    double *Ub, double *Vb, double *Ut, double *Vt,
				    double *GU, double *GV, double dt)
{
	dim3 block(BX, BY, 1);
	dim3 grid2((NX + BX - 1) / BX, (NY + BY - 1) / BY, 1);
#ifdef SPLIT_SUBSTEPS
	int ns = SPLIT_SUBSTEPS;
#else
	double dt_bt = SPLIT_CFL / sqrt(1.0 / (DX * DX) + 1.0 / (DY * DY)) / sqrt(SPLIT_G * LZ);
	int ns = (int)fmax(5.0, ceil(2.0 * dt / dt_bt));
#endif
	/* weights_from_substeps: M* the last positive f(tau_m); the sums up to M* */
	int mstar = 1;
	double fsum = 0.0, msum = 0.0, fs = 0.0, ms = 0.0;
	for (int m = 1; m <= ns; m++) {
		double x = 2.0 * m / ns / SPLIT_TAU0;
		double f = SPLIT_SHAPE(x);
		fs += f;
		ms += f * m;
		if (f > 0.0) {
			mstar = m;
			fsum = fs;
			msum = ms;
		}
	}
	double frac = fsum / msum;          /* dtau / dt after the barycentre rescaling */
	double dtau = frac * dt;
	cudaMemset(etab, 0, sizeof(double) * NTOTAL2);
	cudaMemset(Ub, 0, sizeof(double) * NTOTAL2);
	cudaMemset(Vb, 0, sizeof(double) * NTOTAL2);
	cudaMemset(Ut, 0, sizeof(double) * NTOTAL2);
	cudaMemset(Vt, 0, sizeof(double) * NTOTAL2);
	double rest = fsum;                  /* sum of f(tau_i) for i >= m */
	for (int m = 1; m <= mstar; m++) {
		double x = 2.0 * m / ns / SPLIT_TAU0;
		double f = SPLIT_SHAPE(x);
		fill_centred_2d(eta);
		barotropic_velocity_substep<<<grid2, block>>>(eta, U, V, GU, GV, Ut, Vt, dtau,
							       frac * rest / fsum);
		fill_centred_2d(U);
		fill_normal_2d(V);
		free_surface_substep<<<grid2, block>>>(eta, U, V, etab, Ub, Vb, dtau, f / fsum);
		rest -= f;
	}
	cudaMemcpy(eta, etab, sizeof(double) * NTOTAL2, cudaMemcpyDeviceToDevice);
	cudaMemcpy(U, Ub, sizeof(double) * NTOTAL2, cudaMemcpyDeviceToDevice);
	cudaMemcpy(V, Vb, sizeof(double) * NTOTAL2, cudaMemcpyDeviceToDevice);
	fill_centred_2d(eta);
	fill_centred_2d(U);
	fill_normal_2d(V);
}

/* One baroclinic step (QAB2, chi) or RK3 stage (c = c0 + dt G, c0 in the G^- buffers)
 * with the split-explicit free surface, in the order of Oceananigans' hydrostatic_ab2_step!
 * and rk_substep!: momentum tendencies, barotropic substeps, transport velocities, the
 * velocity step, tracer tendencies with the transport velocities, the barotropic
 * correction, the tracer step, update_state!. */
static void split_explicit_step(OCEAN_STATE(OCEAN_PARAM, OCEAN_PARAM) double dt, double chi,
				int scheme)
{
	dim3 block(BX, BY, 1);
	dim3 grid3((NX + BX - 1) / BX, (NY + BY - 1) / BY, NZ);
	dim3 grid2((NX + BX - 1) / BX, (NY + BY - 1) / BY, 1);
	u_tendency<<<grid3, block>>>(u, v, w, p, eta, Gu);
	v_tendency<<<grid3, block>>>(u, v, w, p, eta, Gv);
#if OCEAN_FLUX_BCS
	apply_momentum_flux_bcs<<<grid2, block>>>(u, v, w, Gu, Gv);
#endif
#if OCEAN_CATKE
	tke_tendency<<<grid3, block>>>(u, v, w, b, e, kappa_u, kappa_c, Ge, Le, scheme);
#endif
#if OCEAN_TS == RK3
	barotropic_forcing<<<grid2, block>>>(Gu, Gv, Gum, Gvm, GU, GV, 1.0, 0.0);
	cudaMemcpy(U, Um, sizeof(double) * NTOTAL2, cudaMemcpyDeviceToDevice);
	cudaMemcpy(V, Vm, sizeof(double) * NTOTAL2, cudaMemcpyDeviceToDevice);
	cudaMemcpy(eta, Getam, sizeof(double) * NTOTAL2, cudaMemcpyDeviceToDevice);
#else
	barotropic_forcing<<<grid2, block>>>(Gu, Gv, Gum, Gvm, GU, GV, 1.5 + chi, 0.5 + chi);
#endif
	split_explicit_substeps(eta, U, V, etab, Ub, Vb, Ut, Vt, GU, GV, dt);
	barotropic_mode<<<grid2, block>>>(u, v, Ub, Vb);
	transport_velocities<<<grid3, block>>>(u, v, Ut, Vt, Ub, Vb, ut, vt);
	fill_centred(ut);
	fill_halo_periodic_x<<<dim3((TY + 7) / 8, TZ), dim3(2 * H, 8)>>>(vt);
	fill_halo_walls_y_normal<<<dim3((TX + 31) / 32, TZ), dim3(32, H)>>>(vt);
	fill_halo_walls_z<<<dim3((TX + 31) / 32, TY), dim3(32, H)>>>(vt);
	vertical_velocity<<<grid2, block>>>(ut, vt, wt, Geta);
	fill_halo_periodic_x<<<dim3((TY + 7) / 8, TZ), dim3(2 * H, 8)>>>(wt);
#if OCEAN_TS == RK3
	rk_substep<<<grid3, block>>>(u, Gu, Gum, dt);
	rk_substep<<<grid3, block>>>(v, Gv, Gvm, dt);
#else
	ab2_step<<<grid3, block>>>(u, Gu, Gum, dt, chi);
	ab2_step<<<grid3, block>>>(v, Gv, Gvm, dt, chi);
#endif
	tracer_tendency<<<grid3, block>>>(ut, vt, wt, T, GT, scheme);
	tracer_tendency<<<grid3, block>>>(ut, vt, wt, S, GS, scheme);
#if OCEAN_FLUX_BCS
	apply_tracer_flux_bcs<<<grid2, block>>>(T, GT);
#endif
	barotropic_mode<<<grid2, block>>>(u, v, Ub, Vb);
	barotropic_correction<<<grid3, block>>>(u, v, U, V, Ub, Vb);
#if OCEAN_TS == RK3
	rk_substep<<<grid3, block>>>(T, GT, GTm, dt);
	rk_substep<<<grid3, block>>>(S, GS, GSm, dt);
#else
	ab2_step<<<grid3, block>>>(T, GT, GTm, dt, chi);
	ab2_step<<<grid3, block>>>(S, GS, GSm, dt, chi);
#endif
#if OCEAN_CATKE && OCEAN_TS == RK3
	rk_substep<<<grid3, block>>>(e, Ge, Gem, dt);
#elif OCEAN_CATKE
	ab2_step<<<grid3, block>>>(e, Ge, Gem, dt, chi);
#endif
#if OCEAN_CATKE
	catke_implicit_step(u, v, T, S, e, kappa_u, kappa_c, kappa_e, Le, dt, cp, dp);
#endif
	update_state(u, v, w, T, S, eta, b, p, Geta);
#if OCEAN_CATKE
	catke_update_state(u, v, b, e, kappa_u, kappa_c, kappa_e);
#endif
}

/* One time step of dt: QAB2 is one split_explicit_step; SplitRungeKutta3 (coefficients
 * 3, 2, 1: stage s is c = c^n + dt / beta_s G) caches the state at the start of the step
 * (cache_current_fields!) in the G^- buffers and Um, Vm, and restarts the barotropic
 * substeps from it in every stage (initialize_free_surface_state!). CATKE's TKE takes the
 * same stages (time_step_catke_equation! for a SplitRungeKutta3TimeStepper,
 * _rk_substep_turbulent_kinetic_energy!: e = e^n + dt / beta_s G_e from e^n cached in Gem),
 * each followed by the implicit step of dt / beta_s, as u, v, T and S. */
static void split_explicit_time_step(OCEAN_STATE(OCEAN_PARAM, OCEAN_PARAM) double dt,
				     double chi, int scheme)
{
#if OCEAN_TS == RK3
	cudaMemcpy(Gum, u, sizeof(double) * NTOTAL, cudaMemcpyDeviceToDevice);
	cudaMemcpy(Gvm, v, sizeof(double) * NTOTAL, cudaMemcpyDeviceToDevice);
	cudaMemcpy(GTm, T, sizeof(double) * NTOTAL, cudaMemcpyDeviceToDevice);
	cudaMemcpy(GSm, S, sizeof(double) * NTOTAL, cudaMemcpyDeviceToDevice);
	cudaMemcpy(Getam, eta, sizeof(double) * NTOTAL2, cudaMemcpyDeviceToDevice);
	cudaMemcpy(Um, U, sizeof(double) * NTOTAL2, cudaMemcpyDeviceToDevice);
	cudaMemcpy(Vm, V, sizeof(double) * NTOTAL2, cudaMemcpyDeviceToDevice);
#if OCEAN_CATKE
	cudaMemcpy(Gem, e, sizeof(double) * NTOTAL, cudaMemcpyDeviceToDevice);
#endif
	for (int s = 3; s >= 1; s--)
		split_explicit_step(OCEAN_STATE(OCEAN_ARG, OCEAN_ARG) dt / s, chi, scheme);
#else
	split_explicit_step(OCEAN_STATE(OCEAN_ARG, OCEAN_ARG) dt, chi, scheme);
#endif
}

/* initialize_free_surface! (reconcile_free_surface!): U, V from the velocities, with
 * their halos. main.cu calls it after initialize_state for a state set from rest. */
void initialize_free_surface(const double *u, const double *v, double *U, double *V)
{
	barotropic_mode<<<dim3((NX + BX - 1) / BX, (NY + BY - 1) / BY, 1), dim3(BX, BY, 1)>>>(u, v, U, V);
	fill_centred_2d(U);
	fill_normal_2d(V);
}
