/* narrow.c: a pointer that views a buffer's elements as a narrower scalar type,
 * `const int8_t *a8 = (const int8_t *)&ints[i]` then `a8[k]`. The address counts view
 * units (per = sizeof elem / sizeof view of them to an element: a.off = 4*i + k), and
 * a read is element off / per with its bits shifted right by 8 * sizeof view * (off % per)
 * and truncated: the byte order of the GPU (little-endian), exact bit for bit. A pointer
 * to an array of the narrow type (`(int8_t (*)[16])&rows[2 * threadIdx.x]`) is the same
 * view of a bounded object. Reads go through such a view; a store would rewrite part of
 * an element that other threads may write too, so it is refused unless the object is a
 * row the storing thread owns (narrow_store.c); atomics, memcpy and pointer differences
 * or comparisons with an address of another unit are refused. Views of the same size are
 * addr.c's, views of a variable's bits bitview.c's. */
#include "parse.h"

int plain_number(KirDType t)
{
	return t != KT_VOID && t != KT_PTR && t != KT_I1;
}

/* The bytes (bit b: byte b) that n bits from bit `bit` of an element touch. */
unsigned char bytes_touched(int bit, int n)
{
	unsigned m = 0;

	for (int b = bit / 8; b < 8 && 8 * b < bit + n; b++)
		m |= 1u << b;
	return (unsigned char)m;
}

/* Whether the integer kernel IR expression e has one value r mod m (m divides 256) for
 * every value it takes: constants, sums, products with a factor 0 mod m, shifts by a
 * constant, integer casts (modulo 2^8k), variables that keep their declaration's value. */
int kir_mod(Lower *L, const KirExpr *e, int64_t m, int64_t *r)
{
	int64_t x, y;
	int kl, kr;

	if (!e || !frontend_dtype_is_int(e->type) || e->type == KT_I1)
		return 0;
	switch (e->kind) {
	case KE_CONST:
		*r = (e->u.c.i % m + m) % m;
		return 1;
	case KE_CAST:
		return kir_mod(L, e->u.x, m, r);
	case KE_VAR:
		return e->u.var >= 0 && (size_t)e->u.var < L->vinit.len && L->vinit.data[e->u.var] &&
		       kir_mod(L, L->vinit.data[e->u.var], m, r);
	case KE_BINARY:
		kl = kir_mod(L, e->u.bin.l, m, &x);
		kr = kir_mod(L, e->u.bin.r, m, &y);
		switch (e->u.bin.op) {
		case KB_ADD: case KB_SUB:
			if (!kl || !kr)
				return 0;
			*r = ((e->u.bin.op == KB_ADD ? x + y : x - y) % m + m) % m;
			return 1;
		case KB_MUL:
			if ((kl && !x) || (kr && !y)) {
				*r = 0;
				return 1;
			}
			if (!kl || !kr)
				return 0;
			*r = x * y % m;
			return 1;
		case KB_SHL:
			if (!kl || e->u.bin.r->kind != KE_CONST || e->u.bin.r->u.c.i < 0)
				return 0;
			*r = e->u.bin.r->u.c.i >= 8 ? 0 : (x << e->u.bin.r->u.c.i) % m;
			return 1;
		default:
			return 0;
		}
	default:
		return 0;
	}
}

/* The bytes of its element that the narrow view a (per > 1) names: those of unit
 * a.off mod per when that is known, else 0 (not known). */
unsigned char narrow_bytes(Lower *L, Addr a)
{
	int64_t u;
	int vb = frontend_dtype_bytes(a.view);

	if (!a.off)
		return bytes_touched(0, 8 * vb);
	return kir_mod(L, a.off, a.per, &u) ? bytes_touched((int)u * 8 * vb, 8 * vb) : 0;
}

/* `(float *)((unsigned char *)p + k)` (cast c to `to`, the elements' size, a the narrow
 * view): element off / per again, the pitched rows of image code. The byte offset must
 * be a whole number of elements: known from the expression (kir_mod), else checked where
 * the cast runs, a device assert (a misaligned access faults on the GPU too:
 * cudaErrorMisalignedAddress), since a part of two elements cannot be read exactly. */
static int whole_again(Lower *L, CXCursor c, Addr *a, KirDType to)
{
	SrcLoc l = cloc(L, c);
	KirExpr *off = a->off, *per;
	int64_t r;

	if (off) {
		per = frontend_new_int(L->a, off->type, a->per, l);
		if (!kir_mod(L, off, a->per, &r) || r) {
			if (!L->pending) {
				error_at(L, c, "the cast to '%s' of a byte offset not known to be a whole number of elements cannot be checked here",
				         type_name(L->a, clang_getCursorType(c)));
				a->buffer = -1;
				return 1;
			}
			lub_site(L, frontend_new_binary(L->a, KB_NE, KT_I1, frontend_new_binary(L->a, KB_REM, off->type, off, per, l),
			                                frontend_new_int(L->a, off->type, 0, l), l),
			         "misaligned address: the cast to a whole element is not at one", l);
		}
		a->off = frontend_new_binary(L->a, KB_DIV, off->type, off, per, l);
	}
	a->per = 0;
	a->row = 0;
	a->view = to == L->bufs.data[a->buffer].elem ? KT_VOID : to;
	return 1;
}

/* `(T *)p` (cast c) with a the address p: 1 when it is a narrow view (a updated, or
 * refused and a cleared), 0 when it is none (addr.c goes on). */
int narrow_view(Lower *L, CXCursor c, Addr *a)
{
	CXType pt = clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(c)));
	KirDType to = dt_of(pt), elem = L->bufs.data[a->buffer].elem;
	int eb = frontend_dtype_bytes(elem), tb;
	int64_t obj = 0;
	SrcLoc l = cloc(L, c);

	if (a->per && !is_record(pt) && plain_number(to) && frontend_dtype_bytes(to) == eb)
		return whole_again(L, c, a, to);
	if (a->per && to == a->view && !is_record(pt))
		return 1;                         /* `(uchar *)` of a uchar view: the same */
	if (a->per) {
		error_at(L, c, "the cast to '%s' views '%s' again: only one narrower view of a buffer's elements can be translated",
		         type_name(L->a, clang_getCursorType(c)), L->bufs.data[a->buffer].name);
		a->buffer = -1;
		return 1;
	}
	if (pt.kind == CXType_ConstantArray && !is_record(scalar_elem(pt))) {
		/* a bounded object: its size, for a store's proof */
		obj = clang_Type_getSizeOf(pt);
		to = dt_of(scalar_elem(pt));
	}
	if (is_record(pt) || !plain_number(to) || !plain_number(elem) || a->view != KT_VOID)
		return 0;
	tb = frontend_dtype_bytes(to);
	if (tb >= eb || eb % tb)
		return 0;
	a->per = eb / tb;
	a->view = to;
	a->row = obj > 0 ? narrow_row(L, a->off, a->buffer, obj) : 0;
	a->off = a->off ? scale(L, a->off, a->per, l) : NULL;
	return 1;
}

/* The value at a (a narrow view) read as the cursor c's type. */
KirExpr *narrow_load(Lower *L, CXCursor c, Addr a)
{
	KirDType elem = L->bufs.data[a.buffer].elem, wu = uint_of(frontend_dtype_bytes(elem)), ot;
	SrcLoc l = cloc(L, c);
	KirExpr *off = a.off ? a.off : frontend_new_int(L->a, KT_I64, 0, l), *e, *sh;

	ot = off->type;
	e = frontend_new_expr(L->a, KE_LOAD, elem, l);
	e->u.load.buffer = a.buffer;
	e->u.load.index = frontend_new_binary(L->a, KB_DIV, ot, off, frontend_new_int(L->a, ot, a.per, l), l);
	e->u.load.bytes = narrow_bytes(L, a);
	sh = frontend_new_binary(L->a, KB_REM, ot, off, frontend_new_int(L->a, ot, a.per, l), l);
	sh = frontend_new_binary(L->a, KB_MUL, wu, frontend_new_cast(L->a, wu, sh, l),
	                         frontend_new_int(L->a, wu, 8 * frontend_dtype_bytes(a.view), l), l);
	e = frontend_new_binary(L->a, KB_SHR, wu, bitcast_to(L, wu, e, l), sh, l);
	e = view_of_slot(L, e, a.view, l);
	if (e->type != ctype(c) && ctype(c) != KT_VOID)
		return frontend_new_cast(L->a, ctype(c), e, l);
	return e;
}

/* 1 (refused at c) when a is a narrow view that what (a store, an atomic) cannot use. */
int narrow_refused(Lower *L, CXCursor c, Addr a, const char *what)
{
	if ((!a.per && !a.bitw) || a.buffer < 0)
		return 0;
	if (a.bitw) {
		error_at(L, c, "%s of a bit-field of a struct in '%s' cannot be translated: only reads and assignments can",
		         what, L->bufs.data[a.buffer].name);
		return 1;
	}
	error_at(L, c, "%s through a pointer that views the %s elements of '%s' as %s cannot be translated: only reads can (a part of an element other threads may also write)",
	         what, frontend_dtype_name(L->bufs.data[a.buffer].elem), L->bufs.data[a.buffer].name,
	         frontend_dtype_name(a.view));
	return 1;
}
