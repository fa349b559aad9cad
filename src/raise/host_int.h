/* host_int.h: the internal interface of --entry (raise/host.c, host_scalar.c): the
 * symbolic state of the host function being executed (Hr), its values (HVal: a constant
 * or a 0-d tensor) and device buffers (Obj), and what each file gives the other. */
#ifndef HOST_INT_H
#define HOST_INT_H

#include "raise_int.h"

#include <setjmp.h>

typedef struct HVal {
	int set;             /* assigned at all */
	int dyn;             /* v is a 0-d tensor value; else c */
	KirConst c;
	int v;
	KirDType t;
} HVal;

typedef struct Obj {
	int val;             /* current contents: 1-D tensor value */
	int64_t n;           /* elements */
	KirDType elem;
	int param;           /* entry parameter index, or -1 (cudaMalloc) */
	const char *name;
	int written;
	int arg;             /* the function argument (parameters), else -1 */
	int symbol;          /* __constant__ memory the host fills: an argument named after
	                        the symbol, read by the kernels that use it, never a result */
	const char *label;   /* --symbolic size (n == 0): its name in the kernels' shape
	                        assertions ("size(u)"; host_symsize.c), else NULL */
} Obj;

typedef struct Cached {
	const char *key;
	TModule *m;
} Cached;

#define PV_NONE (-1)     /* a pointer variable not pointing at a buffer */
#define PV_AMBIG (-2)    /* after a loop whose trip count and swaps make it unknown */
#define PV_SPLIT (-3)    /* after a runtime if whose branches leave it naming different buffers */

typedef struct Hr {
	Arena *a;
	const Options *o;
	const KirProgram *p;
	const HostFunc *hf;
	TModule *m;
	TFunc *f;
	TBuilder b;
	VEC(Obj) objs;
	HVal *sv;            /* per host variable: scalar value */
	int *pv;             /* per host variable: object index (pointers) */
	int in_loop;         /* inside a while body or a runtime if */
	VEC(Cached) cache;
	jmp_buf fail;
} Hr;

/* host.c */
C2H_NORETURN C2H_PRINTF(3, 4) void host_error(Hr *h, SrcLoc loc, const char *fmt, ...);

/* host_scalar.c: host scalars, folded when constant, else ops on 0-d tensors */
HVal host_const(KirConst c);
HVal host_dyn(int v, KirDType t);
int host_mat(Hr *h, HVal v);                 /* the value as a 0-d tensor */
HVal host_convert(Hr *h, HVal v, KirDType t);
HVal host_eval(Hr *h, const KirExpr *e);
int64_t host_eval_const(Hr *h, const KirExpr *e, const char *what);

/* host_grid.c: a launch grid computed at run time (--symbolic). host_launch_grid: the
 * launch's grid; 1 when its x is a runtime value *g (then grid[0] is 0), 0 when constant.
 * host_grid_bound: the static grid G the kernel is raised over; host_grid_assert: the
 * shape assertion g <= G before the launch. */
int host_launch_grid(Hr *h, const HostStmt *s, int64_t grid[3], HVal *g);
int64_t host_grid_bound(Hr *h, const HostStmt *s, const KirKernel *kc, int64_t bx);
void host_grid_assert(Hr *h, const HostStmt *s, const KirKernel *kc, HVal g, int64_t most, int64_t bx);

/* host.c: as[v] = 1 for each host variable that s assigns (s may be NULL) */
void host_note_assigned(const HostStmt *s, char *as);

/* host_symsize.c: buffers of --symbolic size carried by a loop that swaps them */
typedef struct HostSymLoop {
	int n;               /* objects cut to the group's least size (0: nothing done) */
	int *obj, *whole;    /* each object, and its contents before the loop */
	const char **label;  /* and its label before the loop */
	int64_t *size;       /* and its element count (0: symbolic) */
} HostSymLoop;
void host_sym_loop_enter(Hr *h, const HostStmt *s, HostSymLoop *sl);
void host_sym_loop_exit(Hr *h, const HostSymLoop *sl);

#endif
