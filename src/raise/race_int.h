/* race_int.h: what the files of the race walk share. race.c walks a kernel's KIR as an
 * abstract interpreter over the launch (its header says how) and checks each phase;
 * race_taint.c decides which values depend on memory and checks read-modify-writes at
 * such indices; race_part.c checks the stores into part of an element. */
#ifndef CUDA2HLO_RACE_INT_H
#define CUDA2HLO_RACE_INT_H

#include "raise_int.h"
#include "poly.h"

typedef VEC(PolyMap *) MapVec;

typedef struct Access {
	int buffer, write;
	PolyMap *map;
	SrcLoc loc;
	unsigned char bytes;     /* the bytes of the element it reads (bit b: byte b) or a
	                            part store changes; 0 the whole element */
	unsigned char same;      /* a store of a value the same in the whole block (race_same.c) */
} Access;

typedef struct Race {
	const Options *o;
	const KirKernel *k;
	PolyCtx *c;
	Arena *a;                /* scratch KIR nodes */
	PolyExpr **env;          /* per variable: value, NULL unknown */
	PolySet *dom;            /* running threads; NULL: unknown (nothing recorded) */
	PolySet *upper;          /* while dom is unknown: a superset of the running threads */
	PolySet **exited;        /* per block label: threads that left it by an exit */
	char *exit_unknown;      /* per block label: some threads left it under an unknown dom */
	VEC(Access) acc;         /* this phase */
	int found;
	char *reported;          /* per buffer: already reported */
	char *tainted;           /* per variable: may hold a value derived from memory */
	int changed;
	int errors;              /* races reported as errors */
	BoundsCheck bc;
	int exact;               /* inside a loop walked with its loop dimension: bounds only */
	int bounds_off;          /* inside a loop whose exact walk did the bounds check */
	StrBuf *notes;           /* --report lines */
	int quiet;               /* count races, report nothing (a try of scalar values) */
	const char *when;        /* the scalar values this walk has bound ("m = 1"), or NULL */
	MapVec *written;         /* per shared buffer: the writes so far */
	MapVec *pwritten;        /* per shared buffer b and byte k (b * 8 + k): the part
	                            stores so far that overwrite byte k whole */
	char *has_parts;         /* per shared buffer: pwritten holds some */
	const KirExpr *rmw;      /* the load of the part store being walked (KirExpr assign) */
	char *unknown_writes;    /* per shared buffer: some write not recorded: not checked */
	int unknown;             /* an index or guard not quasi-affine, not from memory */
	VEC(Access) parts;       /* the part stores' relations, all phases */
	int loops, approx;       /* loops walked by loop(); of them, not walked exactly */
	unsigned char *vote;     /* per variable: set only by block votes (race_same.c) */
	int same;                /* the store being recorded stores a block-uniform value */
	VEC(Access) glob;        /* race_blocks.c: the global accesses of all phases */
	unsigned char *blocks;   /* per buffer, RACE_APART...; NULL: not asked */
	int followed;            /* inside the two followed iterations of a loop whose
	                            exact walk has recorded its global accesses */
} Race;

/* race.c */
PolyExpr *race_val(Race *r, const KirExpr *e);    /* e's quasi-affine value, or NULL */
const PolyExpr *race_lookup(void *env, int var, const char **why);   /* PolyVarFn of r->env */
PolyExpr **race_env_copy(Race *r);                 /* a copy of r->env (free it) */
PolySet *race_cond_set(Race *r, const KirExpr *e); /* r->dom where e holds, or NULL */
/* What a loop assigns is unknown after it. */
void race_forget_loop(Race *r, const KirExpr *cond, KirStmt *body, const KirExpr *step);
int race_loop_var(const KirStmt *init);            /* the variable a for's init sets, or -1 */
/* The constant step > 0 of loop variable v (loop dimension level) on r->dom, into out. */
int race_loop_step(Race *r, const KirExpr *step, int v, int level, int64_t *out);
typedef struct VarScan {
	int var, assigns;
} VarScan;
void race_scan_var(void *ctx, KirExpr *e);         /* counts the assignments of vs->var */

/* race_later.c */
void race_later(Race *r, const KirStmt *f, const KirExpr *cond, KirStmt *body,
                const KirExpr *step, PolySet *sup, PolyExpr **before);
void race_point(StrBuf *b, const int64_t *p);      /* "block (x,y,z) thread (x,y,z)" */

/* race_taint.c */
void race_find_tainted(Race *r);                   /* fills r->tainted */
int race_is_tainted(Race *r, const KirExpr *e);
int race_reads(const KirExpr *value, int buffer, const KirExpr *index);
const KirExpr *race_load_of(const KirExpr *value, int buffer, const KirExpr *index);
void race_check_rmw(Race *r, int b, const KirExpr *index, SrcLoc loc);

/* race_same.c */
void race_find_votes(Race *r);                     /* fills r->vote */
int race_block_value(Race *r, const KirExpr *e);   /* the same for every thread of a block */
int race_same_apart(Race *r, size_t i, size_t j);  /* accesses i <= j that meet: no race */

/* race_blocks.c: the global accesses of every phase (i NULL: unknown), and per buffer
 * whether one block may touch an element another block writes (into r->blocks) */
void race_blocks_record(Race *r, int b, PolyExpr *i, int write);
void race_blocks_atomic(Race *r, int b);
void race_blocks_forget(Race *r, KirStmt *body, const KirExpr *cond, const KirExpr *step);
void race_blocks_answer(Race *r);

/* race_part.c */
void race_part_store(Race *r, int b, const KirExpr *index, SrcLoc loc);

#endif
