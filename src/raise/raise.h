/* raise.h: the public surface of src/raise: loop IR (and the kernel IR under it) to the
 * tensor IR of hlo_emit.h, by the two strategies of DESIGN.md, "Tensor IR (raise)".
 * Sections follow the .c files.
 *
 * Execution model: every thread of the launch runs in lockstep, one statement at a time
 * (a legal CUDA schedule for a race-free kernel). A thread-private value is a tensor over
 * the launch ("lanes", flattened: lane = block_linear * threads_per_block + thread_linear),
 * divergence is a mask, memory is an SSA value per buffer. Stores whose facts allow it
 * become dense tensor operations (slices, one dynamic_update_slice) instead. */
#ifndef CUDA2HLO_RAISE_H
#define CUDA2HLO_RAISE_H

#include "base.h"
#include "frontend.h"
#include "hlo_emit.h"
#include "loopify.h"

/* ---- raise.c ----
 * One module for the program: its one kernel (several: an error naming them, asking for
 * --kernel or -o DIR) as
 * `func.func public @main` per the module ABI (DESIGN.md, "Module ABI"). NULL after
 * located diagnostics (a construct that cannot be raised exactly, a proven race unless
 * --allow-races). The module is allocated with tir_module_create and owns its arena;
 * raise_program registers it for destruction with `a`'s lifetime by keeping it in a
 * list freed by raise_free (main.c need not call it: process exit frees it). */
TModule *raise_program(Arena *a, const Options *o, const LoopProgram *p);
/* Several kernels with -o DIR: one module per kernel, DIR/C_NAME.mlir (.hlo with --emit
 * hlo; C_NAME is the sanitised name, box_blur_3 for 'box_blur<3>'), each written through
 * a temporary name; DIR is created when missing; --report per kernel. Without -o: as
 * raise_program (the error). Returns 0, or 1 after diagnostics. */
int raise_write_modules(Arena *a, const Options *o, const LoopProgram *p);
/* Frees a module raise_program or raise_host made (and its --report statistics). */
void raise_module_destroy(TModule *m);
/* The same from the kernel IR alone (tests, and kernels loopify does not take). */
TModule *raise_kir_kernel(const Options *o, const KirKernel *k, const int64_t grid[3],
                          const int64_t block[3]);

/* ---- host_inline.c ----
 * A copy of k for a launch whose grid (x) is a run-time value g, raised over a static grid
 * G >= g (k->grid[0]): one more parameter, the u32 'gridDim_x' (KirParam.sym: a symbol
 * under --symbolic, else an unbound scalar), that every gridDim.x reads, and the body
 * under `if (blockIdx.x < gridDim.x)` (blocks g..G-1 do nothing, as on the GPU where they
 * do not exist). Used by --entry --symbolic (host_grid.c) and by cudart's launches that
 * differ only in the grid (cudart/launch.c). Allocated in a. */
KirKernel *raise_kernel_grid_param(Arena *a, const KirKernel *k, SrcLoc loc);

/* ---- report.c: --report, per kernel (docs/report.md) ---- */
void raise_report(FILE *f, const TModule *m);

/* ---- host.c (section owned by "host"): --entry, the host function p->host as one
 * module: its launches are the raised kernels inlined into @main, its counted loops
 * stablehlo.while (or unrolled up to --unroll N trips), pointer swaps SSA renaming.
 * Arguments: the entry's pointer parameters (1-D, --size NAME=N elements), then its
 * scalars not bound by --set (0-d); results: the pointer parameters it may write, in
 * parameter order. NULL after located diagnostics. */
TModule *raise_host(Arena *a, const Options *o, const KirProgram *p);
/* ---- end of host.c section ---- */

#endif
