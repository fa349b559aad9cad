/* state.cuh: the one list of the ocean model's state, the arrays `simulate` takes in its
 * order. Consumes nothing; produces the X-macro OCEAN_STATE(X3, X2), which applies X3 to
 * every 3-D field (NTOTAL doubles, halos included) and X2 to every 2-D one (NTOTAL2).
 * ocean.cu declares simulate's parameters from it; main.cu allocates, saves and loads the
 * fields from it and prints it (`--fields`, read by check.sh for cuda2hlo's --size);
 * ocean_run.c and ocean_check.py need no copy: they bind the converted module's
 * parameters by their cuda2hlo.param names.
 *
 * A configuration that adds state (a free-surface scheme, a closure) adds its own list
 * below, empty unless its macro selects it, and appends it to OCEAN_STATE. */
#ifndef OCEAN_STATE_CUH
#define OCEAN_STATE_CUH

/* The base model: velocities, tracers, free surface, the diagnosed w, buoyancy and
 * pressure, the tendencies G^n and the previous tendencies G^- of QAB2. */
#define OCEAN_STATE_BASE(X3, X2)                                                           \
	X3(u) X3(v) X3(w) X3(T) X3(S) X2(eta) X3(b) X3(p) X3(Gu) X3(Gv) X3(GT) X3(GS)       \
	X2(Geta) X3(Gum) X3(Gvm) X3(GTm) X3(GSm) X2(Getam)

/* The split-explicit free surface (OCEAN_FS == SPLIT, split_explicit.cuh): the barotropic
 * transports U, V and their values at the start of a step (Um, Vm, for RK3); work arrays:
 * the averages etab, Ub, Vb, the transport averages Ut, Vt, the slow forcing GU, GV and the
 * transport velocities ut, vt, wt. */
#if OCEAN_FS == SPLIT
#define OCEAN_STATE_SPLIT(X3, X2)                                                          \
	X2(U) X2(V) X2(Um) X2(Vm) X2(etab) X2(Ub) X2(Vb) X2(Ut) X2(Vt) X2(GU) X2(GV) X3(ut) \
	X3(vt) X3(wt)
#else
#define OCEAN_STATE_SPLIT(X3, X2)
#endif

/* CATKE (-DOCEAN_CATKE=1, catke.cuh): the turbulent kinetic energy, its tendencies, the
 * coefficient of its implicit linear term, the diffusivities on the z faces and the
 * scratch of the per-column tridiagonal solve. */
#if OCEAN_CATKE
#define OCEAN_STATE_CATKE(X3, X2)                                                          \
	X3(e) X3(Ge) X3(Gem) X3(Le) X3(kappa_u) X3(kappa_c) X3(kappa_e) X3(cp) X3(dp)
#else
#define OCEAN_STATE_CATKE(X3, X2)
#endif

#define OCEAN_STATE(X3, X2)                                                               \
	OCEAN_STATE_BASE(X3, X2) OCEAN_STATE_SPLIT(X3, X2) OCEAN_STATE_CATKE(X3, X2)

/* A parameter of simulate for each field: `double *u,` (the list ends with a comma). */
#define OCEAN_PARAM(f) double *f,
/* The field as an argument: `u,` (a call passing the state on: split_explicit.cuh). */
#define OCEAN_ARG(f) f,

#endif
