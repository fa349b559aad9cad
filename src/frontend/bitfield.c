/* bitfield.c: bit-fields of structs (C++ [class.bit], `unsigned lev : 16;`), in memory
 * and held in variables. The layout is libclang's, that is the Itanium ABI's as nvcc
 * uses it: a field's bit offset (clang_Cursor_getOffsetOfField) and width
 * (clang_getFieldDeclBitWidth), bits allocated from the low end of a unit of the
 * declared type, little-endian; nothing here computes an offset.
 *   - In memory (struct.c's slots: layout_type lets a bit-field share a slot, never cross
 *     one) a bit-field is the slot's bits from its offset in the slot: read shifted right
 *     and cut to its width, sign-extended when its type is signed (bitfield_load);
 *     written as the slot's read-modify-write with those bits replaced, a part store that
 *     the raise accepts only where it proves no other thread writes that slot
 *     (narrow_store.c narrow_assign, race.c part_store).
 *   - Held in variables (a struct variable, one variable per field) a bit-field is a
 *     variable of its declared type that every store cuts to the width (bitfield_fit:
 *     assignments, compound ones, ++ and --, brace lists), so its reads need nothing.
 *   - A whole struct copied from memory reads each bit-field so (struct.c struct_load);
 *     copied into memory, each slot that holds a bit-field is written whole, put
 *     together from its fields' bits (struct.c struct_store_at).
 * A load of a bit-field and a part store carry the bytes of the slot they use
 * (KirExpr load.bytes, assign.bytes) for the race check.
 * Refused, located: a whole struct with bit-fields viewed as bits or passed as a kernel
 * parameter. */
#include "parse.h"

/* The width of the bit-field that c (a member expression or a field) names, or 0. */
int bitfield_width(CXCursor c)
{
	c = strip(c);
	if (clang_getCursorKind(c) == CXCursor_MemberRefExpr)
		c = clang_getCursorReferenced(c);
	if (clang_getCursorKind(c) != CXCursor_FieldDecl || !clang_Cursor_isBitField(c))
		return 0;
	return clang_getFieldDeclBitWidth(c);
}

static enum CXVisitorResult find_bitfield(CXCursor f, CXClientData d)
{
	int *found = d;

	if (clang_Cursor_isBitField(f) || has_bitfield(clang_getCursorType(f)))
		*found = 1;
	return *found ? CXVisit_Break : CXVisit_Continue;
}

/* Whether objects of type t (through arrays and nested structs) have a bit-field. */
int has_bitfield(CXType t)
{
	int found = 0;

	t = scalar_elem(t);
	if (t.kind == CXType_Record)
		clang_Type_visitFields(t, find_bitfield, &found);
	return found;
}

/* 1 (refused at `at`) when objects of type t have a bit-field, which `what` (a struct
 * copied field by field) would not cut to its width or place in its bits. */
int bitfield_refused(Lower *L, CXCursor at, CXType t, const char *what)
{
	if (!has_bitfield(t))
		return 0;
	error_at(L, at, "%s of '%s', which has bit-fields, cannot be translated: only a bit-field's own reads and assignments can",
	         what, type_name(L->a, t));
	return 1;
}

/* The address of bit-field fld of the struct of type t at a (its slot offset already
 * in a), named at c: its slot, and in it the field's bits. */
Addr bitfield_at(Lower *L, CXCursor c, Addr a, CXType t, CXCursor fld)
{
	SrcLoc l = cloc(L, c);
	KirDType elem = L->bufs.data[a.buffer].elem;
	int64_t sb = 8 * frontend_dtype_bytes(elem), bits = clang_Cursor_getOffsetOfField(fld);
	int w = clang_getFieldDeclBitWidth(fld);
	KirDType ot = a.off ? a.off->type : KT_I32;

	if (clang_Type_getAlignOf(t) * 8 < sb || bits < 0 || w <= 0 || bits % sb + w > sb) {
		/* a nested struct of a smaller alignment may start inside a slot */
		error_at(L, c, "bit-field '%s' of '%s' does not lie within one %d-byte slot of '%s' from the struct's start: it cannot be translated",
		         spell(L->a, fld), type_name(L->a, t), (int)(sb / 8), L->bufs.data[a.buffer].name);
		a.buffer = -1;
		return a;
	}
	a.off = add_off(L, a.off, frontend_new_int(L->a, ot, bits / sb, l), l);
	a.view = dt_of(clang_getCanonicalType(clang_getCursorType(fld)));
	a.per = 0;
	a.bitw = w;
	a.bitoff = (int)(bits % sb);
	return a;
}

static KirDType sint_of(int bytes)
{
	return bytes == 1 ? KT_I8 : bytes == 2 ? KT_I16 : bytes == 4 ? KT_I32 : KT_I64;
}

/* The low w bits of the unsigned x (of any width) as a bit-field of type t: zero- or,
 * for a signed t, sign-extended; a bool is bit 0. */
static KirExpr *from_bits(Lower *L, KirExpr *x, KirDType t, int w, SrcLoc l)
{
	int xb = 8 * frontend_dtype_bytes(x->type);
	KirDType xs = sint_of(xb / 8);

	if (t == KT_I1)
		return frontend_new_binary(L->a, KB_NE, KT_I1,
		                           frontend_new_binary(L->a, KB_AND, x->type, x, frontend_new_int(L->a, x->type, 1, l), l),
		                           frontend_new_int(L->a, x->type, 0, l), l);
	if (w < xb) {
		x = frontend_new_binary(L->a, KB_SHL, x->type, x, frontend_new_int(L->a, x->type, xb - w, l), l);
		if (frontend_dtype_is_signed(t))      /* arithmetic shift: the sign bit spreads */
			x = frontend_new_binary(L->a, KB_SHR, xs, bitcast_to(L, xs, x, l), frontend_new_int(L->a, xs, xb - w, l), l);
		else
			x = frontend_new_binary(L->a, KB_SHR, x->type, x, frontend_new_int(L->a, x->type, xb - w, l), l);
	} else if (frontend_dtype_is_signed(t)) {
		x = bitcast_to(L, xs, x, l);
	}
	return conv(L, x, t);
}

/* v stored into a bit-field of type t and width w: converted to t, then its low w bits
 * (C++ [conv.integral]: modulo 2^w, as nvcc keeps a signed one's bits). */
KirExpr *bitfield_fit(Lower *L, KirExpr *v, KirDType t, int w, SrcLoc l)
{
	KirDType u;

	v = conv(L, v, t);
	if (t == KT_I1 || w >= 8 * frontend_dtype_bytes(t))
		return v;
	u = uint_of(frontend_dtype_bytes(t));
	return from_bits(L, bitcast_to(L, u, v, l), t, w, l);
}

/* The value of the bit-field at a (bitfield_at), as c's type. */
KirExpr *bitfield_load(Lower *L, CXCursor c, Addr a)
{
	KirDType elem = L->bufs.data[a.buffer].elem, wu = uint_of(frontend_dtype_bytes(elem));
	SrcLoc l = cloc(L, c);
	KirExpr *e = frontend_new_expr(L->a, KE_LOAD, elem, l);

	e->u.load.buffer = a.buffer;
	e->u.load.index = a.off ? a.off : frontend_new_int(L->a, KT_I32, 0, l);
	e->u.load.bytes = bytes_touched(a.bitoff, a.bitw);
	e = bitcast_to(L, wu, e, l);
	if (a.bitoff)
		e = frontend_new_binary(L->a, KB_SHR, wu, e, frontend_new_int(L->a, wu, a.bitoff, l), l);
	e = from_bits(L, e, a.view, a.bitw, l);
	if (e->type != ctype(c) && ctype(c) != KT_VOID)
		return frontend_new_cast(L->a, ctype(c), e, l);
	return e;
}
