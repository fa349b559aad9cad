/* cuda2hlo-test
entry: simulate(u, v, w, T, S, eta, b, p, Gu, Gv, GT, GS, Geta, Gum, Gvm, GTm, GSm, Getam, e, Ge, Gem, Le, kappa_u, kappa_c, kappa_e, cp, dp, dt, last_dt, nsteps, first, scheme)
buffer: u f64 22*22*10 uniform -0.01 0.01
buffer: v f64 22*22*10 uniform -0.01 0.01
buffer: w f64 22*22*10 zeros
buffer: T f64 22*22*10 uniform 9.5 10.5
buffer: S f64 22*22*10 const 35
buffer: eta f64 22*22 zeros
buffer: b f64 22*22*10 zeros
buffer: p f64 22*22*10 zeros
buffer: Gu f64 22*22*10 zeros
buffer: Gv f64 22*22*10 zeros
buffer: GT f64 22*22*10 zeros
buffer: GS f64 22*22*10 zeros
buffer: Geta f64 22*22 zeros
buffer: Gum f64 22*22*10 zeros
buffer: Gvm f64 22*22*10 zeros
buffer: GTm f64 22*22*10 zeros
buffer: GSm f64 22*22*10 zeros
buffer: Getam f64 22*22 zeros
buffer: e f64 22*22*10 uniform 0 1e-5
buffer: Ge f64 22*22*10 zeros
buffer: Gem f64 22*22*10 zeros
buffer: Le f64 22*22*10 zeros
buffer: kappa_u f64 22*22*10 zeros
buffer: kappa_c f64 22*22*10 zeros
buffer: kappa_e f64 22*22*10 zeros
buffer: cp f64 22*22*10 zeros
buffer: dp f64 22*22*10 zeros
scalar: dt = 300.0
scalar: last_dt = 300.0
scalar: nsteps = 3
scalar: first = 1
scalar: scheme = 1
check: u rtol=1e-9 atol=1e-12
check: v rtol=1e-9 atol=1e-12
check: w rtol=1e-9 atol=1e-12
check: T rtol=1e-9 atol=1e-12
check: S rtol=1e-9 atol=1e-12
check: eta rtol=1e-9 atol=1e-12
check: p rtol=1e-9 atol=1e-9
check: e rtol=1e-9 atol=1e-15
check: kappa_u rtol=1e-9 atol=1e-15
check: kappa_c rtol=1e-9 atol=1e-15
check: kappa_e rtol=1e-9 atol=1e-15
note: examples/oceananigans/ocean.cu's host entry simulate with CATKE vertical mixing (catke.cuh:
note: TKE, diffusivities, and the vertically implicit diffusion of u, v, T, S, e as a Thomas
note: solve per column: 5 launches of two column loops each) and the TEOS-10 equation of
note: state (teos10.cuh) on a 16 x 16 x 4 grid, 3 steps of 300 s from a random state
*/
// The model's sizes and configuration are macros: fix them before including the model.
#define NX 16
#define NY 16
#define NZ 4
#define OCEAN_CATKE 1
#define OCEAN_TEOS10 1
#include "../../examples/oceananigans/ocean.cu"
