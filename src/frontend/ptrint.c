/* ptrint.c: a pointer converted to an integer (`reinterpret_cast<uintptr_t>(p)`,
 * `(size_t)p`), which kernels use to test alignment before a vector access:
 * `reinterpret_cast<uintptr_t>(p) % 16 == 0`. An address has no value in a converted
 * kernel (a buffer is a tensor), but its low bits do: p is buffer B plus a byte offset,
 * and B's start is aligned to a known power of two A, so for N a power of two up to A,
 * p % N == (start residue + byte offset) % N, and p & M == (...) & M for 0 <= M < A.
 * The alignments (what the layout guarantees, the same in the oracle's emulation):
 * - global memory (a pointer parameter, a __device__ array): 256 bytes, "Any address
 *   of a variable residing in global memory or returned by one of the memory allocation
 *   routines from the driver or runtime API is always aligned to at least 256 bytes"
 *   (CUDA C++ Programming Guide, Device Memory Accesses, "Size and Alignment
 *   Requirement"). A parameter is the start of its buffer unless `--offset P=BYTES`
 *   says it starts BYTES into a 256-byte aligned allocation (cudart/launch.c passes
 *   the offset of an interior pointer);
 * - the dynamic shared memory (`extern __shared__`): 16 bytes, what nvcc aligns it to;
 * - a static __shared__ array, a __constant__ array, a local array: its slot's size
 *   (the alignment of its element type; a larger one the layout does not promise).
 * When the byte offset's low bits that the mask keeps are known to be 0 (`&b[i * 4]`
 * of floats % 16: a multiple of 16), the test is a constant, so the kernel raises as if
 * it had no test. Any other use of such an integer (printed, stored, compared, passed)
 * is refused at its location, as is a modulus past the buffer's alignment. */
#include "parse.h"

/* c, its parentheses and implicit conversions stripped, is an integer conversion of a
 * pointer: the pointer's cursor, else a null cursor. */
CXCursor ptr_int_operand(CXCursor c)
{
	enum CXCursorKind k;
	CXCursor x;

	c = strip(c);
	k = clang_getCursorKind(c);
	if (k != CXCursor_CXXReinterpretCastExpr && k != CXCursor_CStyleCastExpr &&
	    k != CXCursor_CXXFunctionalCastExpr)
		return clang_getNullCursor();
	x = last_expr(c);
	if (clang_Cursor_isNull(x) || !is_ptr_expr(x) || is_ptr_expr(c))
		return clang_getNullCursor();
	/* C++ refuses a conversion to a narrower integer ([expr.reinterpret.cast]) */
	return ctype(c) == KT_I64 || ctype(c) == KT_U64 ? x : clang_getNullCursor();
}

/* The alignment of buffer b's start and the start's residue modulo it. */
static int64_t buffer_align(Lower *L, int b, int64_t *residue)
{
	const KirBuffer *B = &L->bufs.data[b];
	const char *off;

	*residue = 0;
	switch (B->space) {
	case KSP_GLOBAL:
		if (B->in_arg)
			break;
		off = options_get_offset(L->cx->o, B->name);
		if (off)
			*residue = strtoll(off, NULL, 10) % 256;
		return 256;
	case KSP_SHARED:
		if (B->is_extern)
			return 16;
		break;
	default:
		break;
	}
	return frontend_dtype_bytes(B->elem);
}

/* The low bits of e's value known to be 0 (64: e is 0), or -1 when e has an effect
 * (an assignment, a call's atomic) that dropping it would lose. */
static int zero_bits(const KirExpr *e)
{
	int a, b, n = 8 * frontend_dtype_bytes(e->type);

	switch (e->kind) {
	case KE_CONST:
		a = e->u.c.i ? __builtin_ctzll((unsigned long long)e->u.c.i) : 64;
		break;
	case KE_VAR: case KE_PARAM: case KE_BUILTIN:
		return 0;
	case KE_UNARY:
		if (e->u.un.op != KU_NEG)
			return zero_bits(e->u.un.x) < 0 ? -1 : 0;
		a = zero_bits(e->u.un.x);
		break;
	case KE_CAST:
		if (!frontend_dtype_is_int(e->u.x->type))
			return zero_bits(e->u.x) < 0 ? -1 : 0;
		a = zero_bits(e->u.x);
		break;
	case KE_BINARY:
		a = zero_bits(e->u.bin.l), b = zero_bits(e->u.bin.r);
		if (a < 0 || b < 0)
			return -1;
		switch (e->u.bin.op) {
		case KB_MUL: a = a + b; break;
		case KB_ADD: case KB_SUB: a = a < b ? a : b; break;
		case KB_AND: a = a > b ? a : b; break;
		default: a = 0; break;
		}
		break;
	default:
		return -1;
	}
	/* a wrapped product or a narrowed value keeps its low bits; all n of them 0 is 0 */
	return a < 0 ? -1 : a >= n ? 64 : a;
}

/* `P % N` or `P & M` (is_and) with P a pointer converted to an integer (cast) and
 * N or M the constant m; c is the operator. */
KirExpr *ptr_int_align(Lower *L, CXCursor c, CXCursor cast, CXCursor m, int is_and)
{
	CXCursor p = ptr_int_operand(cast);
	KirDType t = ctype(c);
	SrcLoc l = cloc(L, c);
	KirConst k;
	int64_t align, residue, mask, unit;
	int errs = diag_error_count(), z;
	KirExpr *e;
	Addr a;

	if (!eval_const(m, KT_I64, &k)) {
		error_at(L, m, "an alignment test of a pointer converted to an integer needs a constant %s",
		         is_and ? "mask" : "modulus");
		return poison(L, c);
	}
	if (is_and ? k.i < 0 : (k.i <= 0 || (k.i & (k.i - 1)))) {
		error_at(L, m, is_and ? "the mask of a pointer converted to an integer must not be negative"
		                   : "a pointer converted to an integer can be taken only modulo a power of two");
		return poison(L, c);
	}
	mask = is_and ? k.i : k.i - 1;
	a = laddr(L, p);
	if (a.buffer < 0) {
		if (diag_error_count() == errs)
			error_at(L, p, "this address cannot be resolved to a buffer and an offset");
		return poison(L, c);
	}
	align = buffer_align(L, a.buffer, &residue);
	if (mask >= align) {
		error_at(L, m, "%s %lld of a pointer into '%s' cannot be known: its start is aligned only to %lld bytes",
		         is_and ? "the bits of mask" : "the remainder modulo", (long long)k.i,
		         L->bufs.data[a.buffer].name, (long long)align);
		return poison(L, c);
	}
	/* the byte offset: off counts the buffer's slots, or a narrow view's units */
	unit = frontend_dtype_bytes(a.per ? a.view : L->bufs.data[a.buffer].elem);
	e = a.off ? conv(L, a.off, KT_U64) : frontend_new_int(L->a, KT_U64, 0, l);
	e = frontend_new_binary(L->a, KB_MUL, KT_U64, e, frontend_new_int(L->a, KT_U64, unit, l), l);
	z = zero_bits(e);
	if (z >= 0 && (z >= 63 || mask < (int64_t)1 << z))
		/* the bits the mask keeps are 0 (`&b[i * 4]` of floats % 16): a constant test */
		e = frontend_new_int(L->a, KT_U64, 0, l);
	e = frontend_new_binary(L->a, KB_ADD, KT_U64, e, frontend_new_int(L->a, KT_U64, residue, l), l);
	e = frontend_new_binary(L->a, KB_AND, KT_U64, e, frontend_new_int(L->a, KT_U64, mask, l), l);
	return conv(L, e, t);
}

/* A pointer converted to an integer used otherwise than in an alignment test. */
KirExpr *ptr_int_refuse(Lower *L, CXCursor c, const char *use)
{
	error_at(L, c, "a pointer converted to an integer is used %s: only `%% N` and `& M` "
	         "(N a power of two, M below it) up to its buffer's alignment can be translated", use);
	return poison(L, c);
}
