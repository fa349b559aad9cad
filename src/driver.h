/* driver.h: the cuda2hlo driver (src/): main.c runs one conversion, batch.c many. */
#ifndef C2H_DRIVER_H
#define C2H_DRIVER_H

#include "base.h"

/* One conversion of o's files to o->output; returns the exit status (0, 1, 2). */
typedef int (*ConvertFn)(const Options *o);

/* ---- batch.c: a batch (options_is_batch): every kernel of every file, each converted
 * by `convert` in a child process, o->jobs at a time, into o->output/FILE/KERNEL.mlir;
 * one line per kernel and a summary on stdout. Returns 0 when every kernel converted,
 * 1 when some was refused, 2 on bad usage. */
int batch_run(const Options *o, ConvertFn convert);

#endif
