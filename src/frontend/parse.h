/* parse.h: the internal header of the frontend's parser, shared by parse.c, the files
 * it is split into and host.c (which uses the libclang helpers of clang.c). Not the
 * folder's surface: frontend.h is. Holds the lowering state (Ctx per translation unit,
 * Lower per kernel, Frame per inlined call, Bind per declaration) and, in sections
 * named after the .c files, the functions they share. libclang types may appear here
 * and nowhere outside src/frontend. */
#ifndef C2H_FRONTEND_PARSE_H
#define C2H_FRONTEND_PARSE_H

#include "frontend.h"

#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

#define BUNDLED_DIR "/__cuda2hlo__/include"

typedef VEC(KirStmt *) StmtVec;
typedef VEC(const char *) StrVec;
typedef VEC(CXCursor) CursorVec;
typedef VEC(int) IntVec;

typedef enum { BK_VAR, BK_PARAM, BK_CONST, BK_PTR, BK_MEM, BK_EXPR, BK_CG, BK_GRID, BK_BITS, BK_VIEW, BK_BITREF, BK_PTRADDR, BK_DESC } BindKind;

typedef struct BitRef BitRef;

/* What a clang declaration stands for while lowering: a variable, a parameter, a
 * constant, a pointer (buffer + offset, offset in `off` or in variable `offvar`), a
 * reference to memory, an argument expression substituted, an object with no state
 * (a cooperative group, a lambda: BK_CG), a variable's bits read as another scalar of
 * their size (a union member: BK_VIEW, variable idx as type `view`), a reference to
 * part of a variable's bits (BK_BITREF, bitview.c), a `T **` parameter bound to the
 * address of a pointer variable (BK_PTRADDR, call.c: `*p` is that variable), a pointer
 * parameter to a descriptor struct in memory whose fields are parameters of their own
 * (BK_DESC, kernel.c: only `p->f` reads and passing p on translate). */
typedef struct Bind {
	BindKind kind;
	int idx;
	KirConst c;
	int buffer, offvar;
	KirExpr *off;
	KirExpr *expr;
	KirDType view;           /* BK_PTR: as Addr.view; BK_VIEW: the type read */
	int per;                 /* BK_PTR: as Addr.per */
	int64_t row;             /* BK_PTR: as Addr.row (0 for a pointer that moves) */
	CXCursor obj;            /* BK_BITS: the variable whose bits the pointer reads */
	BitRef *bits;            /* BK_BITREF: the bytes it names */
	int choicevar;           /* BK_PTR choosing between buffers (ptrchoice.c): an i32
	                            variable holding which of alt[] it points into, else -1 */
	int choicebuf;           /* a __shared__ pointer choosing so: the shared i32 buffer of
	                            one element holding the choice, beside offbuf, else -1 */
	int nalt, alt[4];
	int nullvar;             /* BK_PTR that may be null (ptrresult.c): an i1 variable, true
	                            while it is null, else -1 */
	int nonnull;             /* > 0 while lowering code that runs only where it is not
	                            null (the body of `if ((p = f(x)))`) */
	CXCursor nullcond;       /* BK_PTR `c ? A : nullptr` that c proves not null
	                            (ptrnull.c): c, valid when nullneg >= 0 */
	int nullneg;             /* 1: `c ? nullptr : A`, !c proves it; -1: no such c */
	int isnullptr;           /* BK_PTR parameter bound to a literal nullptr (call.c): no
	                            buffer; or a kernel's with `--set P=0` (kernel.c null_param):
	                            an unused one; tests of it are constants, any other use is
	                            refused */
	struct Bind *target;     /* BK_PTRADDR: the pointer variable's bind */
	int offbuf;              /* BK_PTR __shared__ pointer variable (sharedvar.c): the shared
	                            i64 buffer of one element holding its offset, else -1 */
} Bind;

typedef struct Frame {
	Map *binds;              /* decl key -> Bind */
	const char *fn;          /* function name; NULL for the kernel */
	const char *key;
	int label, result;       /* inlined function: its block label and result variable */
	const char *rkey;        /* a struct result: bind key prefix of its field variables
	                            (bound in the caller's frame), else NULL */
	const char *this_key;    /* a member function: the object's bind key prefix */
	Bind *pret;              /* a pointer result (ptrresult.c): buffer and offset, else NULL */
	int self_ref;            /* a method returning a reference to its class: only `return *this;` */
	struct Frame *up;
} Frame;

typedef struct MissingInc {  /* an #include of a header found nowhere (missing.c) */
	const char *name;
	SrcLoc at;               /* the #include directive */
	unsigned top;            /* main-file offset of the #include that brings it in */
} MissingInc;

typedef struct Ctx {
	Arena *a;
	const Options *o;
	const char *file;
	const char *toolkit;     /* the CUDA toolkit whose headers the parse uses; NULL:
	                            the bundled set (headers.c) */
	CXIndex index;
	CXTranslationUnit tu;
	VEC(KirLaunch) launches;
	CursorVec launch_fns;    /* per launch: the function (template specialization) called */
	VEC(KirAlloc) allocs;
	CursorVec inst_fns;      /* kernel template instances the unit instantiates without a
	                            launch: referenced by host code (a function pointer,
	                            `run(k<7>, x)`, launch.c) or named by --kernel and
	                            instantiated by a line appended to the file (template.c) */
	unsigned file_lines;     /* lines of the file as written; 0 when nothing is appended */
	const char *base_text;   /* the file with an #include line per --rdc-source appended
	                            (rdc.c); NULL when there is none */
	Map *rdc_own;            /* with base_text: the file's own files (itself and what it
	                            includes), as the file alone was parsed (rdc.c) */
	StrVec inst_names;       /* per appended line: the --kernel instance */
	VEC(SrcLoc) inst_locs;   /* per appended line: its template's location */
	Map *allocvars;          /* host var key -> KirAlloc index + 1 */
	Map *hostenv;            /* host var key -> int64 value (boxed) */
	Map *assigned;           /* decl keys assigned anywhere (host evaluation) */
	Map *host_sets;          /* --set names a launch's host expression used, or NULL */
	Map *host_insts;         /* host function template instances already scanned */
	Map *headvars;           /* decl key -> key of the one for statement whose header
	                            (init, test, step) holds every change of it, or "" */
	Map *prelude;            /* "NAME(param types)" -> CXCursor * of __c2h_NAME's
	                            definition in math_api.cuh (builtin.c), built on first use */
	IntVec errs;             /* clang's error diagnostics (indices), reported only when
	                            they concern converted code (reach.c) */
	unsigned char *errs_done;/* per errs entry: reported already */
	Map *devassigned;        /* decl keys that may change after their initialisation
	                            (assigned, ++/--, address taken, bound to a reference),
	                            anywhere in the file's functions (stable.c) */
	Map *loopcand, *loopbad; /* decl keys of for-init counters; those used elsewhere or
	                            in nested for statements of their own (stable.c) */
	Map *hostfilled;         /* decl keys of symbols cudaMemcpyToSymbol writes (stable.c) */
	StrVec refargs, refparms;/* during scan_changed: a pointer variable passed to a
	                            reference-to-pointer parameter, and that parameter */
	StrVec missing;          /* included headers found nowhere, parsed as empty (missing.c) */
	VEC(MissingInc) missing_incs; /* where they are included, in the last parse */
	Map *memfields;          /* dkeys of array fields used as arrays (field_elems.c) */
	Map *incl_top;           /* included file name -> main-file offset + 1 of the #include
	                            that brings it in (set with missing_incs) */
} Ctx;

/* A buffer that takes narrow stores into thread-own rows of `stride` elements. */
typedef struct NarrowRow {
	int buffer;
	int64_t stride;
} NarrowRow;

typedef struct Lower {
	Ctx *cx;
	CXCursor fn;             /* the kernel being lowered */
	Arena *a;
	KirKernel *k;
	VEC(KirParam) params;
	VEC(KirBuffer) bufs;
	VEC(KirVar) vars;
	VEC(unsigned char) stable; /* per var: keeps the value of its declaration */
	VEC(const KirExpr *) cinit; /* per var: its declaration's constant value when it
	                            keeps it (note_stable), else NULL */
	VEC(const KirExpr *) vinit; /* per var: its declaration's value when it keeps it */
	Map *names;              /* name -> uses */
	Map *globals;            /* decl key -> Bind for __shared__/__constant__ globals */
	Map *memfields;          /* dkeys of array fields the kernel uses as arrays (field_elems.c) */
	Frame *fr;
	StmtVec *pending;        /* statements that must run before the current one */
	int hoist_ok;            /* 0 while lowering an operand apart (lower_apart): a
	                            barrier with a value or a pointer increment is refused */
	int brk;                 /* label a `break` leaves (switch), 0 in a loop */
	int in_loop;
	int loops;               /* loops around the statement being lowered, also those
	                            around the calls inlined (printf.c) */
	StrBuf printfs;          /* printf.c: a line per device printf site */
	int nprintf;
	int nlabels;
	int failed;
	VEC(int) argidx;         /* per KirParam: its CUDA parameter's position */
	const char *last_rkey;   /* the struct result of the call lowered last */
	const char *next_this;   /* the object of the member function about to be inlined */
	CXCursor ptr_call;       /* a call lowered as an address (ptrresult.c) ... */
	Bind *ptr_ret;           /* ... and the bind its pointer result fills, until inlined */
	int ntemps;              /* counter for struct temporaries' keys */
	int cur_arg;
	CXCursor stmt;           /* the expression statement or declaration being lowered */
	int unroll;              /* `#pragma unroll` before the loop being lowered (KirStmt for_.unroll) */
	int allow_view;          /* lval_of may return an element through a view ... */
	KirDType lv_view;        /* ... and then says its type here */
	int allow_narrow;        /* lval_of may return a proven narrow store (1) or a narrow
	                            view a reference binds (2) ... */
	struct Addr *lv_narrow;  /* ... and then puts its address here */
	struct Addr *lv_choice;  /* lval_of may return an element through a pointer choosing
	                            between buffers (ptrchoice.c), its address put here */
	VEC(NarrowRow) rows;     /* narrow_store.c */
	VEC(const KirExpr *) nstores; /* the read-modify-writes narrow_assign made */
	VEC(Bind *) condnull;    /* pointers whose null condition can prove them not null (ptrnull.c) */
} Lower;

typedef struct Addr {
	int buffer;              /* -1: not memory */
	KirExpr *off;            /* element offset; NULL is 0 */
	int var;                 /* an lvalue variable (scalar) when >= 0 */
	KirDType view;           /* the buffer's elements read as this type of the same
	                            size (`(float *)ints`), else KT_VOID */
	int per;                 /* a narrow view (narrow.c): view is a scalar type `per`
	                            of which fill an element (`(const int8_t *)&ints[i]`:
	                            4) and off counts them, else 0 */
	int64_t row;             /* a narrow view of a bounded object (narrow_store.c):
	                            the stride of the thread-own rows it lies in (> 0),
	                            -1 in a local array, -2 not proven; 0 none */
	int bitw, bitoff;        /* a bit-field of a struct in memory (bitfield.c): bitw bits
	                            at bit bitoff of element off, view its declared type;
	                            bitw 0 none */
	const Bind *choice;      /* through a pointer choosing between buffers: its bind
	                            (buffer is then alt[0]); only laddr_load returns one */
	KirExpr *isnull;         /* an i1 true where the pointer is null (ptrresult.c), NULL
	                            when it never is; only laddr_null returns one */
} Addr;

typedef struct FieldWalk {
	Lower *L;
	const char *prefix;      /* bind key prefix */
	const char *name;        /* name prefix "g" */
	void (*fn)(struct FieldWalk *w, CXCursor field, const char *key, const char *name);
	void *data;
	Frame *f;
} FieldWalk;

typedef struct KernelList {
	Ctx *cx;
	CursorVec fns;
	CursorVec templates;
} KernelList;

typedef VEC(KirKernel) KernelVec;

/* ---- parse.c ---- */

int parse_tu(Ctx *cx, const char *text);
void parse_args(Ctx *cx, StrVec *args);
void report_diag(Ctx *cx, int i);
void ignored_diag(Ctx *cx, int i);

/* ---- compdb.c: -p, the flags of the file's entry (response files read) into args ---- */

void compdb_flags(Ctx *cx, StrVec *args);

/* ---- headers.c ---- */

void headers_args(Ctx *cx, StrVec *args);
size_t headers_bundled(Ctx *cx, struct CXUnsavedFile *un, size_t max);
int headers_want_toolkit(Ctx *cx);
/* ---- cub.c ---- */
int cub_object_type(Lower *L, CXCursor c, CXType *t);
int cub_storage_type(Lower *L, CXType t);
int cub_storage_record(Lower *L, CXType t);
KirExpr *lcub_method(Lower *L, CXCursor c, const char *n, CXType on);

int missing_scan(Ctx *cx);
void missing_args(Ctx *cx, StrVec *args);
size_t missing_unsaved(Ctx *cx, struct CXUnsavedFile *un, size_t max);
void missing_note(Ctx *cx);
void missing_places(Ctx *cx);
void missing_warn(Ctx *cx, CXCursor fn, const char *name, SrcLoc loc);

/* ---- reach.c ---- */

int reach_errors(Ctx *cx, CXCursor fn);
/* inclusions.c: 1 (error reported) when -o names a file the input #includes. */
int inclusions_check_output(Ctx *cx);
void reach_rest(Ctx *cx, int as_errors);

/* ---- clang.c ---- */

const char *str(Arena *a, CXString s);
SrcLoc loc_of(Arena *a, CXSourceLocation l);
void loc_forget(void);
CursorVec kids(CXCursor c);
CXCursor kid(CXCursor c, size_t i);
size_t nkids(CXCursor c);
const char *spell(Arena *a, CXCursor c);
const char *dkey(Arena *a, CXCursor d);
int has_attr(CXCursor c, enum CXCursorKind k);
int in_main_file(CXCursor c);
int in_system(CXCursor c);
KirDType dt_of(CXType t);
int is_record(CXType t);
KirDType half_dtype(CXType t);     /* half.c: f16/bf16 for the toolkit's __half/__nv_bfloat16 */
const char *type_name(Arena *a, CXType t);

/* ---- kernel.c ---- */

SrcLoc cloc(Lower *L, CXCursor c);
void error_at(Lower *L, CXCursor c, const char *fmt, ...) C2H_PRINTF(3, 4);
KirExpr *poison(Lower *L, CXCursor c);
const char *unique(Lower *L, const char *name);
int new_var(Lower *L, const char *name, KirDType t, KirVarKind kind, SrcLoc loc);
KirExpr *var_ref(Lower *L, int v, SrcLoc loc);
Bind *new_bind(Lower *L, BindKind k);
void put_bind(Lower *L, const char *key, Bind *b);
Bind *find_bind(Lower *L, const char *key);
Bind *lookup(Lower *L, CXCursor decl);
KirStmt *block_of(Lower *L, StmtVec *v, SrcLoc loc);
KirStmt *expr_stmt(Lower *L, KirExpr *e);
KirStmt *decl_stmt(Lower *L, int var, KirExpr *init, SrcLoc loc);
void emit_pending(Lower *L, KirStmt *s);
void desc_refuse(Lower *L, CXCursor c, const char *name);
CXCursor body_of(CXCursor fn);
int lower_kernel(Ctx *cx, CXCursor fn, const char *name, KirKernel *k);

/* flags.c: --set/--size values and the launch checked against the kernel (located errors) */
int flag_value(Lower *L, CXCursor at, const char *name, const char *text, KirDType t, KirConst *out);
int64_t flag_size(Lower *L, CXCursor at, const char *name, const char *text, CXType pointee);
void flag_check_launch(Lower *L, KirKernel *k, const KirLaunch *l);
int flag_check_names(const Options *o, const KernelVec *ks, const Map *host_sets);

/* ---- expr.c ---- */
int64_t ptr_step_elems(Lower *L, CXCursor p);

KirDType ctype(CXCursor c);
KirExpr *conv(Lower *L, KirExpr *e, KirDType t);
KirDType uint_of(int bytes);
KirExpr *bitcast_to(Lower *L, KirDType t, KirExpr *x, SrcLoc l);
KirExpr *view_of_slot(Lower *L, KirExpr *slot, KirDType view, SrcLoc l);
KirExpr *slot_of_view(Lower *L, KirExpr *val, KirDType elem, KirExpr *old, SrcLoc l);
KirExpr *slot_load(Lower *L, int buffer, KirExpr *index, SrcLoc l);
KirExpr *cond_of(Lower *L, CXCursor c);
int eval_int(CXCursor c, int64_t *out);
int eval_const(CXCursor c, KirDType t, KirConst *out);
KirExpr *new_builtin(Lower *L, KirBuiltin b, SrcLoc loc);
KirExpr *bind_value(Lower *L, CXCursor c, Bind *b);
CXCursor member_base(CXCursor c);
const char *member_key(Lower *L, CXCursor c);
int desc_member(Lower *L, CXCursor c);
Bind *member_bind(Lower *L, CXCursor c);
KirExpr *load_of(Lower *L, CXCursor c, Addr a);
int lower_memfn(Lower *L, CXCursor c, const char *name);   /* memfn.c: device memset/memcpy */
int lprintf_stmt(Lower *L, CXCursor c);
/* ---- printf.c ---- */
int lprintf_out(Lower *L, CXCursor c);
int lassert_stmt(Lower *L, CXCursor c);
void lub_site(Lower *L, KirExpr *fails, const char *what, SrcLoc l);
const char *printf_desc(Lower *L);                     /* builtin.c: --allow-printf */
int lval_of(Lower *L, CXCursor c, KirLval *lv, KirDType *t);
KirExpr *lassign_parts(Lower *L, CXCursor c, CXCursor lhs, CXCursor rhs, KirBinOp op);
KirBinOp binop_of(enum CXBinaryOperatorKind k);
int is_ptr_expr(CXCursor c);
Bind *moving_bind(Lower *L, CXCursor c);
KirExpr *ptr_set(Lower *L, CXCursor c, Bind *b, Addr a);

/* ---- sharedvar.c ---- */

void shared_ptr(Lower *L, CXCursor d, const char *key);
void shared_struct(Lower *L, CXCursor d, CXType t, const char *key);
KirExpr *shared_ptr_off(Lower *L, Bind *b, SrcLoc l);
KirLval shared_ptr_lval(Lower *L, Bind *b, SrcLoc l);
CXCursor last_expr(CXCursor c);
KirExpr *lx(Lower *L, CXCursor c);
KirExpr *lower_apart(Lower *L, KirExpr *(*lower)(Lower *, CXCursor), CXCursor c, StmtVec *pre);

/* ---- addr.c ---- */

KirExpr *add_off(Lower *L, KirExpr *a, KirExpr *b, SrcLoc loc);
KirExpr *scale(Lower *L, KirExpr *idx, int64_t stride, SrcLoc loc);
int is_mem_struct(CXCursor b);
int is_mem_struct_var(Lower *L, CXCursor b);
int read_only(Lower *L, CXCursor c, int buf);
Addr laddr(Lower *L, CXCursor c);

/* ---- builtin.c ---- */

KirExpr *arg(Lower *L, CXCursor call, int i);
KirStmt *sync_stmt(Lower *L, CXCursor c, KirSyncOp op, KirExpr *argv, int result);
KirExpr *lbuiltin_call(Lower *L, CXCursor c, const char *n, int *handled);
int is_load_hint(const char *n);

/* ---- call.c ---- */

/* ---- coop.c ---- */
int is_cg_type(CXType t, const char *which);
int is_cg_group(CXType t);
int cg_tile_size(CXType t);
int cg_object_type(CXCursor c, CXType *t);
int is_lambda_type(CXType t);
KirExpr *llambda_call(Lower *L, CXCursor c, CXCursor fn);
KirExpr *lcg_method(Lower *L, CXCursor c, const char *n, CXType on);
KirExpr *lcg_member(Lower *L, CXCursor b, const char *field, SrcLoc l);
KirExpr *lcg_function(Lower *L, CXCursor c, CXCursor fn, const char *n, int *handled);
/* ---- call.c ---- */
int has_launch_config(CXCursor c);
KirExpr *lcall(Lower *L, CXCursor c);
KirExpr *lhalf_call(Lower *L, CXCursor c, CXCursor fn, const char *n, int *handled);
const char *lhalf2_src(Lower *L, CXCursor c, int *handled);   /* half.c: a __half2 by value */
int is_user_ctor(CXCursor fn);
const char *lctor(Lower *L, CXCursor c);
KirExpr *inline_def(Lower *L, CXCursor c, CXCursor def);
CXCursor addr_of_var(CXCursor a);
Bind *ptr_addr_target(Lower *L, CXCursor c);

/* ---- rawcopy.c ---- */
int raw_struct_copy(Lower *L, CXCursor c, CXCursor dst, CXCursor src);

/* ---- stable.c ---- */

CXCursor strip(CXCursor c);
/* refmember.c */
int is_record_ref(CXType t);
Bind *ref_member_new(Lower *L);
void ref_member_init(Lower *L, CXCursor field, CXCursor x);
void alias_retype(Lower *L, KirBuffer *b, CXType t);
int mem_struct_fits(Lower *L, CXCursor c, Addr a, CXType t);
/* ptrresult.c */
int ptr_result_call(Lower *L, CXCursor c, Addr *out);
Bind *ptr_result_begin(Lower *L, CXCursor c, CXCursor fn, const char *name);
void ptr_result_return(Lower *L, CXCursor x, Bind *b, const char *fn);
int ptr_may_be_null(Lower *L, CXCursor d, CXCursor init);
KirExpr *ptr_null_assign(Lower *L, CXCursor c, Bind *b, Addr a);
int ptr_nonnull_enter(Lower *L, CXCursor cond, CXCursor body, Bind **marks, int max);
int ptr_null_enter(Lower *L, CXCursor cond, CXCursor body, Bind **marks, int max);
int ptr_exit_enter(Lower *L, const CursorVec *stmts, size_t i, Bind **marks, int max);
Addr laddr_null(Lower *L, CXCursor c);
/* ptrint.c */
CXCursor ptr_int_operand(CXCursor c);
KirExpr *ptr_int_align(Lower *L, CXCursor c, CXCursor cast, CXCursor m, int is_and);
KirExpr *ptr_int_refuse(Lower *L, CXCursor c, const char *use);
/* ptrnull.c */
int ptr_null_select(Lower *L, CXCursor c, Addr *out);
void ptr_null_note(Lower *L, CXCursor d, CXCursor init, Bind *b, const Addr *a);
enum { PN_TRUE, PN_FALSE, PN_LOOP };
void ptr_cond_enter(Lower *L, CXCursor f, int how, Bind **marks, int *n, int max);

CXCursor ptr_loop_bound(CXCursor f);
int is_null_ptr(CXCursor c);
int is_null_bind(Lower *L, CXCursor c);
/* ptrchoice.c */
Addr laddr_load(Lower *L, CXCursor c);
void choice_candidates(Lower *L, CXCursor d, Bind *b);
void shared_choice_candidates(Lower *L, CXCursor d, Bind *b, const char *name);
int shared_scalar_buffer(Lower *L, const char *name, KirDType elem, SrcLoc loc);
int choosing(const Bind *b);
KirExpr *choice_ref(Lower *L, const Bind *b, SrcLoc l);
KirExpr *choice_load(Lower *L, CXCursor c, Addr a);
KirExpr *choice_assign(Lower *L, CXCursor c, Bind *b, Addr a, KirExpr *offassign);
KirExpr *choice_store(Lower *L, CXCursor c, Addr a, KirExpr *assign);
Bind *choice_init(Lower *L, CXCursor d, CXCursor init);
Bind *choice_derived(Lower *L, CXCursor d, Addr a);
int is_std_cast(CXCursor c);      /* std::move(x) / std::forward<T>(x), stripped as x */
int is_ptr_ref(CXType t);         /* a non-const reference to a pointer */
void scan_changed(Ctx *cx);
void scan_free(Ctx *cx);
CXCursor for_counter(CXCursor f);
int is_loop_private(Ctx *cx, CXCursor var);
void note_stable(Lower *L, int var, const char *key, const KirExpr *init);
const KirExpr *const_value(Lower *L, const KirExpr *e);
int is_stable_expr(Lower *L, const KirExpr *e);
KirExpr *fix_offset(Lower *L, KirExpr *off, const char *name, SrcLoc vloc, SrcLoc dloc, int *offvar);

/* ---- struct.c ---- */

int struct_layout(CXType t, KirDType *elem, int *k);
const char *struct_layout_why(Arena *a, CXType t);
KirDType mem_elem(CXType t);
int64_t array_elems(CXType t, int64_t *dims, int *ndims);
int is_pointer_param(CXType t);
CXType param_pointee(CXType t);
int elem_const(CXType t);
CXType scalar_elem(CXType t);
void walk_fields(FieldWalk *w, CXType t, const char *key, const char *name);
int record_base(Lower *L, CXType t, CXCursor *base);
int visit_fields(Lower *L, CXType t, CXFieldVisitor fn, CXClientData d);
/* constinit.c */
int const_image(Lower *L, CXCursor init, CXType t, KirDType elem, KirConst *slot, size_t n);
int init_is_const(CXCursor c);
/* union.c */
int is_union(CXType t);
int anon_member(CXCursor f);
const char *member_field_key(Arena *a, const char *prefix, CXCursor f);
void walk_union(FieldWalk *w, CXType t, const char *key, const char *name);
StrVec field_paths(Lower *L, CXType t);
StrVec ref_paths(Lower *L, CXType t);
StrVec elem_paths(Lower *L, CXType t);
/* field_elems.c: array fields of structs held in variables, one per element */
#define FIELD_ELEMS_MAX 64
const char *subscript_key(Lower *L, CXCursor c);
int is_var_elem(Lower *L, CXCursor c);
Addr var_elem_addr(Lower *L, CXCursor c);
KirExpr *var_elem_load(Lower *L, CXCursor c);
KirExpr *var_elem_path_load(Lower *L, CXCursor c);
int param_elem_ref(Lower *L, CXCursor d, CXCursor init, const char *key);
void scan_field_arrays(Ctx *cx);
void scan_kernel_fields(Lower *L, CXCursor fn);
int is_mem_field(Lower *L, CXCursor field);
Bind *key_bind(Lower *L, Map *m, const char *key);
const char *held_array_path(Lower *L, Map *m, const char *prefix, const char *path);
int held_array_copy(Lower *L, int from, const char *name, SrcLoc loc);
const char *struct_vars(Lower *L, CXType t, const char *name, KirVarKind kind, SrcLoc loc);
void struct_copy(Lower *L, CXCursor at, CXType t, const char *dst, Map *dmap, const char *src);
void list_into(Lower *L, CXCursor list, CXType t, const char *prefix);
CXCursor field_default(CXCursor field);
void struct_defaults(Lower *L, CXType t, const char *prefix);
int is_mem_lvalue(Lower *L, CXCursor x);
const char *var_struct_key(Lower *L, CXCursor x, CXType t);
CXType field_type(Lower *L, CXType t, const char *path);
Addr field_at(Lower *L, Addr a, CXType t, int64_t bits, CXType ft, SrcLoc l);
int64_t field_bits(Lower *L, CXType t, const char *path);
int64_t field_bits_known(Lower *L, CXType t, const char *path);
int bit_view(Lower *L, CXCursor c, CXCursor *v);
int plain_number(KirDType t);
int narrow_view(Lower *L, CXCursor c, Addr *a);
KirExpr *narrow_load(Lower *L, CXCursor c, Addr a);
unsigned char bytes_touched(int bit, int n);
int kir_mod(Lower *L, const KirExpr *e, int64_t m, int64_t *r);
unsigned char narrow_bytes(Lower *L, Addr a);
int narrow_refused(Lower *L, CXCursor c, Addr a, const char *what);

/* ---- bitfield.c ---- */
int bitfield_width(CXCursor c);
int has_bitfield(CXType t);
int bitfield_refused(Lower *L, CXCursor at, CXType t, const char *what);
Addr bitfield_at(Lower *L, CXCursor c, Addr a, CXType t, CXCursor fld);
KirExpr *bitfield_fit(Lower *L, KirExpr *v, KirDType t, int w, SrcLoc l);
KirExpr *bitfield_load(Lower *L, CXCursor c, Addr a);

/* ---- narrow_store.c ---- */
int64_t narrow_row(Lower *L, const KirExpr *base, int buffer, int64_t bytes);
int narrow_store_ok(Lower *L, CXCursor c, Addr a);
KirExpr *narrow_assign(Lower *L, CXCursor c, Addr a, KirBinOp op, KirExpr *val);
int narrow_rows_check(Lower *L, const KirStmt *body);
Bind *ref_lval(Lower *L, CXType t, CXCursor init, KirLval *lv, KirDType *lt, int *ok);
int wide_type(CXType t, KirDType elem);
int64_t elems_per(Lower *L, CXType t, int buffer, int per);
int wide_view(Lower *L, CXCursor c, Addr *a);
int wide_scalar(KirDType view, KirDType elem);
KirExpr *wide_load(Lower *L, CXCursor c, Addr a);
void wide_store(Lower *L, int buffer, KirExpr *at, KirExpr *val, SrcLoc l);
int is_bits_read(Lower *L, CXCursor c);
KirExpr *bits_read(Lower *L, CXCursor c);
int bits_pointer(Lower *L, CXCursor d, CXCursor init);
int is_bits_lvalue(Lower *L, CXCursor c);
int is_bits_struct(Lower *L, CXCursor c);
const char *bits_struct(Lower *L, CXCursor c);
Bind *bits_ref(Lower *L, CXCursor c);
KirExpr *bits_ref_value(Lower *L, BitRef *r, SrcLoc l);
KirExpr *bits_assign(Lower *L, CXCursor c, CXCursor lhs, KirBinOp op, KirExpr *val);
int local_struct_pointer(Lower *L, CXCursor d, CXCursor init);
KirExpr *wide_assign(Lower *L, KirLval lv, KirExpr *val, SrcLoc l);
int wide_refused(Lower *L, CXCursor c, Addr a, const char *what);
int wide_atomic(Lower *L, CXCursor c, Addr a, KirExpr *e);

/* sequence.c: C++17's order of an assignment's operands; an address with effects once */
int assign_crosses(const KirExpr *val, const KirLval *lv, KirBinOp op);
int expr_writes(const KirExpr *e);
KirExpr *bind_temp(Lower *L, KirExpr **e, const char *name, SrcLoc l);
KirExpr *sequenced(Lower *L, KirExpr *pre, KirExpr *e);
Addr addr_once(Lower *L, Addr a, SrcLoc l);

void shared_retype(Lower *L, CXCursor d, KirBuffer *b);
int void_buffer_type(Lower *L, CXCursor decl, const char *name, CXType *t);
KirExpr *bit_view_value(Lower *L, CXCursor c, CXCursor v);
const char *bit_view_struct(Lower *L, CXCursor c, CXCursor v);
void struct_store(Lower *L, CXCursor at, CXCursor dst, CXType t, const char *src);
void struct_store_at(Lower *L, CXCursor at, Addr a, CXType t, const char *src);
const char *struct_src(Lower *L, CXCursor e);
KirExpr *assign_var(Lower *L, int var, KirExpr *value, SrcLoc loc);
KirExpr *assign_elem(Lower *L, int buf, KirExpr *index, KirExpr *value, SrcLoc loc);

/* ---- decl.c ---- */

int new_buffer(Lower *L, const char *name, KirSpace sp, CXType t, SrcLoc loc);
int string_buffer(Lower *L, CXCursor decay, CXCursor lit);
Bind *global_var(Lower *L, CXCursor d);
void local_var(Lower *L, CXCursor d);

/* ---- vartmpl.c ---- */

int is_var_instance(CXCursor d);
const char *var_instance_name(Arena *a, CXCursor d);

/* ---- stmt.c ---- */

KirStmt *lsub(Lower *L, CXCursor c);
void ls(Lower *L, CXCursor c);
/* Whether expression c writes something: an assignment, ++/--, a call of a function that
 * is not the CUDA headers' own (builtin.c). */
int has_effect(CXCursor c);

/* ---- launch.c ---- */

const char *instance_name(Arena *a, CXCursor fn);
int is_kernel(CXCursor c);
void scan_host(Ctx *cx);

/* ---- template.c ---- */

void scan_unit(Ctx *cx, KernelList *kl);
int instantiate_requested(Ctx *cx, KernelList *kl);
int rdc_select(Ctx *cx);
int rdc_kernel_elsewhere(Ctx *cx, CXCursor c);
int rdc_defined_twice(Ctx *cx);
CXCursor rdc_c_definition(Ctx *cx, CXCursor fn);
int select_kernels(Ctx *cx, KernelList *kl, KernelVec *out);
void list_kernels(Ctx *cx, KernelList *kl, StrVec *out);

#endif
