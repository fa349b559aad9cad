/* cuda2hlo-test
entry: simulate(u, v, w, T, S, eta, b, p, Gu, Gv, GT, GS, Geta, Gum, Gvm, GTm, GSm, Getam, dt, last_dt, nsteps, first, scheme)
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
note: smoke test of examples/oceananigans/ocean.cu's host entry simulate on a 16 x 16 x 4 grid (halo 3: 22 x 22 x 10 arrays), 3 steps of 300 s from a random uniform state (WENO5 tracer advection, forward Euler first step)
*/
// The model's sizes are macros with defaults: fix them before including the model.
#define NX 16
#define NY 16
#define NZ 4
#include "../../examples/oceananigans/ocean.cu"
