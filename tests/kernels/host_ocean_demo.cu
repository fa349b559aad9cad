/* cuda2hlo-test
entry: simulate(u, v, w, T, S, eta, b, p, Gu, Gv, GT, GS, Geta, Gum, Gvm, GTm, GSm, Getam, dt, last_dt, nsteps, first, scheme)
buffer: u f64 70*70*22 uniform -0.01 0.01
buffer: v f64 70*70*22 uniform -0.01 0.01
buffer: w f64 70*70*22 zeros
buffer: T f64 70*70*22 uniform 9.5 10.5
buffer: S f64 70*70*22 const 35
buffer: eta f64 70*70 zeros
buffer: b f64 70*70*22 zeros
buffer: p f64 70*70*22 zeros
buffer: Gu f64 70*70*22 zeros
buffer: Gv f64 70*70*22 zeros
buffer: GT f64 70*70*22 zeros
buffer: GS f64 70*70*22 zeros
buffer: Geta f64 70*70 zeros
buffer: Gum f64 70*70*22 zeros
buffer: Gvm f64 70*70*22 zeros
buffer: GTm f64 70*70*22 zeros
buffer: GSm f64 70*70*22 zeros
buffer: Getam f64 70*70 zeros
scalar: dt = 300.0
scalar: last_dt = 300.0
scalar: nsteps = 2
scalar: first = 1
scalar: scheme = 1
check: u rtol=1e-9 atol=1e-12
check: v rtol=1e-9 atol=1e-12
check: w rtol=1e-9 atol=1e-12
check: T rtol=1e-9 atol=1e-12
check: S rtol=1e-9 atol=1e-12
check: eta rtol=1e-9 atol=1e-12
check: p rtol=1e-9 atol=1e-9
note: examples/oceananigans/ocean.cu's host entry simulate at the demo size (`make demo`), 64 x 64 x 16 (halo 3: 70 x 70 x 22 arrays), 2 steps of 300 s from a random uniform state; in the dense list: the whole model is dense at this size (issue 16: tracer_tendency's store fell back to a scatter at every size but 16 x 16 x 4)
*/
// The model's sizes are macros with defaults: fix them before including the model.
#define NX 64
#define NY 64
#define NZ 16
#include "../../examples/oceananigans/ocean.cu"
