/* types.c: names and properties of KIR scalar types and operations, read from the
 * X-macro tables of frontend.h so that printer, parser and later stages share one list. */
#include "frontend.h"

static const struct {
	const char *name;
	int bytes, flags;
} dtypes[] = {
#define X(n, s, b, f) {s, b, f},
	KIR_DTYPES(X)
#undef X
};

const char *frontend_dtype_name(KirDType t)
{
	ASSERT(t >= 0 && t < KT_COUNT);
	return dtypes[t].name;
}

int frontend_dtype_bytes(KirDType t)
{
	ASSERT(t >= 0 && t < KT_COUNT);
	return dtypes[t].bytes;
}

int frontend_dtype_is_int(KirDType t)
{
	return (dtypes[t].flags & 1) != 0;
}

int frontend_dtype_is_signed(KirDType t)
{
	return (dtypes[t].flags & 2) != 0;
}

int frontend_dtype_is_float(KirDType t)
{
	return (dtypes[t].flags & 4) != 0;
}

static const char *const binops[] = {
	"assign",
#define X(n, s, c) s,
	KIR_BINOPS(X)
#undef X
};
static const char *const unops[] = {
#define X(n, s, c) s,
	KIR_UNOPS(X)
#undef X
};
static const char *const builtins[] = {
#define X(n, s) s,
	KIR_BUILTINS(X)
#undef X
};
static const struct {
	const char *name;
	int arity;
} maths[] = {
#define X(n, s, a) {s, a},
	KIR_MATH_OPS(X)
#undef X
};
static const char *const shfls[] = {
#define X(n, s) s,
	KIR_SHFL_OPS(X)
#undef X
};
static const char *const votes[] = {
#define X(n, s) s,
	KIR_VOTE_OPS(X)
#undef X
};
static const char *const atomics[] = {
#define X(n, s) s,
	KIR_ATOMIC_OPS(X)
#undef X
};
static const char *const syncs[] = {
#define X(n, s) s,
	KIR_SYNC_OPS(X)
#undef X
};

const char *frontend_binop_name(KirBinOp op) { return binops[op]; }
const char *frontend_unop_name(KirUnOp op) { return unops[op]; }
const char *frontend_builtin_name(KirBuiltin b) { return builtins[b]; }
const char *frontend_math_name(KirMathOp op) { return maths[op].name; }
int frontend_math_arity(KirMathOp op) { return maths[op].arity; }
const char *frontend_shfl_name(KirShflOp op) { return shfls[op]; }
const char *frontend_vote_name(KirVoteOp op) { return votes[op]; }
const char *frontend_atomic_name(KirAtomicOp op) { return atomics[op]; }
const char *frontend_sync_name(KirSyncOp op) { return syncs[op]; }
