/* struct.c: structs, in memory (a struct of k same-size scalars as k consecutive
 * elements of a buffer) and by value (a set of binds, one per field, under a key
 * prefix), with the field walks both use, struct copies, loads and stores, brace lists
 * and struct arguments of make_float2 and friends; lambdas (a closure object has no
 * state we keep: its call is its body inlined where it is called). A struct with a base
 * class is its base's fields followed by its own in every walk (base classes, below). */
#include "parse.h"

/* ---- structs in memory ----
 * A struct of scalars (also in nested structs and array fields) is stored in a buffer
 * as k = sizeof / S consecutive slots of its first scalar of the widest size S: element
 * i's field at byte offset o is slot i*k + o/S, and a field of another type of size S is
 * read through a view (a bitcast). Padding (an `__align__(16)` struct of three uints,
 * k = 4) is slots no field names: a struct copy copies the fields, as C++ leaves padding
 * unspecified. A narrower scalar (a bool among ints, a float after a size_t) alone in a
 * slot fills it with padding: it is read as the slot's low bytes and written with the
 * other bytes kept (expr.c's view_of_slot, slot_of_view). Narrower scalars that share a
 * slot (`int molid, frozen;` after doubles: two in one 8-byte slot) are read through a
 * narrow view of the slot (field_at; narrow.c: the slot's bits shifted by the scalar's
 * byte offset, little-endian as on the GPU); a store into one is a part store, the
 * slot's read-modify-write that the raise accepts only where it proves no other thread
 * writes the slot (narrow_store.c, race.c). Bit-fields share slots the same way, at
 * libclang's bit offsets (bitfield.c); a whole-struct store writes a slot that holds a
 * bit-field whole (struct_store_at). So
 * `float2 *p` is a buffer of 2N floats and `__shared__ float2 s[64]` a float[64][2].
 * Pointers, unions (but one of one member, laid out as that member) and scalars across
 * slots are refused in memory. */

typedef struct Layout {
	KirDType elem;           /* the slot type: the first scalar of the widest size */
	int k;                   /* scalars seen */
	int ok;
	int pass;                /* 0: find elem; 1: check every scalar against it */
	int64_t end;             /* bit offset just after the last scalar seen */
	CXCursor first, bad;     /* elem's field; the field that breaks the layout */
	int64_t qslot;           /* pass 1: count the scalars in this slot into qn */
	int qn;
	int nbases;              /* when bad is a base specifier: the bases seen up to it */
} Layout;

static void layout_type(Layout *ly, CXType t, CXCursor f, int64_t off);
static const char *base_why(CXCursor b, int n);

typedef struct LayoutAt {
	Layout *ly;
	int64_t bits;            /* offset of the struct being visited */
} LayoutAt;

static enum CXVisitorResult layout_visit(CXCursor f, CXClientData d)
{
	LayoutAt *at = d;

	layout_type(at->ly, clang_getCanonicalType(clang_getCursorType(f)), f,
	            at->bits + clang_Cursor_getOffsetOfField(f));
	return at->ly->ok ? CXVisit_Continue : CXVisit_Break;
}

/* An object of type t (field f, or an element of its array) at bit offset off: a
 * struct's fields, an array's elements in order, or one scalar in a slot, several
 * narrower ones in one slot each at an offset of its own size. Pointers, unions
 * (overlapping fields) and scalars across slots stop the layout. */
static void layout_type(Layout *ly, CXType t, CXCursor f, int64_t off)
{
	KirDType dt;
	int64_t eb;

	if (t.kind == CXType_Record && half_dtype(t) == KT_VOID) {    /* (a __half is a scalar) */
		LayoutAt sub = {ly, off};
		CXCursor b;
		int r = record_base(NULL, t, &b);
		if (r < 0) {       /* its base's fields first, at the same offset */
			ly->ok = 0;
			ly->bad = b;                        /* the base (struct_layout_why) */
			ly->nbases = -r;
			return;
		}
		if (!clang_Cursor_isNull(b))
			layout_type(ly, clang_getCanonicalType(clang_getCursorType(b)), f, off);
		if (ly->ok)
			clang_Type_visitFields(t, layout_visit, &sub);
		return;
	}
	if (t.kind == CXType_ConstantArray) {   /* `float e[3][2]`: its elements in order */
		CXType et = clang_getCanonicalType(clang_getArrayElementType(t));
		long long n = clang_getArraySize(t), es = clang_Type_getSizeOf(et);
		for (long long i = 0; i < n && ly->ok; i++)
			layout_type(ly, et, f, off + i * es * 8);
		return;
	}
	dt = dt_of(t);
	if (dt == KT_VOID || dt == KT_PTR) {
		ly->ok = 0;
		ly->bad = f;
		return;
	}
	if (ly->pass == 0) {
		if (ly->elem == KT_VOID || frontend_dtype_bytes(dt) > frontend_dtype_bytes(ly->elem)) {
			ly->elem = dt;
			ly->first = f;
		}
		return;
	}
	eb = 8 * frontend_dtype_bytes(ly->elem);
	{
		/* a bit-field (bitfield.c): its width at libclang's bit offset, in one slot */
		int bf = !clang_Cursor_isNull(f) && clang_Cursor_isBitField(f);
		int64_t sb = bf ? clang_getFieldDeclBitWidth(f) : 8 * frontend_dtype_bytes(dt);
		if (bf && sb <= 0)          /* `unsigned : 0`: no bits */
			return;
		if (off < ly->end || (!bf && off % sb) || off / eb != (off + sb - 1) / eb) {   /* overlapping (a union) or across slots */
			ly->ok = 0;
			ly->bad = f;
			return;
		}
		ly->end = off + sb;
	}
	if (off / eb == ly->qslot)
		ly->qn++;
	ly->k++;
}

static enum CXVisitorResult member_count(CXCursor f, CXClientData d)
{
	(void)f;
	++*(int *)d;
	return CXVisit_Continue;
}

/* The number of members of union type t. */
static int one_member(CXType t)
{
	int n = 0;

	clang_Type_visitFields(t, member_count, &n);
	return n;
}

/* Whether objects of type t are stored as slots of one scalar type (above): the type
 * (elem) and the slots per object (k, padding included). */
static int layout_of(CXType t, Layout *ly)
{
	long long size;

	*ly = (Layout){KT_VOID, 0, 1, 0, 0, clang_getNullCursor(), clang_getNullCursor(), -1, 0, 0};
	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Record || half_dtype(t) != KT_VOID ||
	    (clang_getCursorKind(clang_getTypeDeclaration(t)) == CXCursor_UnionDecl && one_member(t) != 1))
		return 0;     /* a union of one member (cub's `union _TempStorage`) is laid out as that member */
	layout_type(ly, t, clang_getNullCursor(), 0);
	if (!ly->ok || ly->elem == KT_VOID || ly->elem == KT_I1)
		return 0;
	ly->pass = 1;
	layout_type(ly, t, clang_getNullCursor(), 0);
	size = clang_Type_getSizeOf(t);
	if (!ly->ok || !ly->k || size <= 0 || size % frontend_dtype_bytes(ly->elem))
		return 0;
	ly->k = (int)(size / frontend_dtype_bytes(ly->elem));
	return 1;
}

/* How many scalars of an object of struct type t (which has a layout) lie in the slot
 * that holds bit offset bits. */
static int slot_scalars(CXType t, int64_t bits)
{
	Layout ly;

	if (!layout_of(t, &ly))
		return 0;
	ly.qslot = bits / (8 * frontend_dtype_bytes(ly.elem));
	ly.qn = 0;
	ly.end = 0;
	ly.pass = 1;
	layout_type(&ly, clang_getCanonicalType(t), clang_getNullCursor(), 0);
	return ly.qn;
}

/* The address of the scalar (or the first element of the array, or the nested struct) of
 * type ft at bit offset `bits` in the struct of type t at a: its slot, read through a view
 * of the slot's type when ft differs, or through a narrow view (a.per) when it shares its
 * slot with another scalar of the struct or does not start it. */
Addr field_at(Lower *L, Addr a, CXType t, int64_t bits, CXType ft, SrcLoc l)
{
	KirDType elem = L->bufs.data[a.buffer].elem, d;
	int eb = frontend_dtype_bytes(elem), db;
	int64_t slot = bits / (8 * eb);
	KirDType ot = a.off ? a.off->type : KT_I32;

	ft = clang_getCanonicalType(ft);
	while (ft.kind == CXType_ConstantArray)   /* an array field: its elements' type (int ids[3] among floats) */
		ft = clang_getCanonicalType(clang_getArrayElementType(ft));
	d = dt_of(ft);
	db = is_record(ft) || d == KT_VOID ? eb : frontend_dtype_bytes(d);
	if (db < eb && (bits % (8 * eb) || slot_scalars(t, bits) > 1)) {
		a.per = eb / db;
		a.view = d;
		a.off = add_off(L, a.off ? scale(L, a.off, a.per, l) : NULL,
		                frontend_new_int(L->a, ot, slot * a.per + (bits / 8) % eb / db, l), l);
		return a;
	}
	a.off = add_off(L, a.off, frontend_new_int(L->a, ot, slot, l), l);
	a.view = is_record(ft) || d == elem ? KT_VOID : d;
	return a;
}

int struct_layout(CXType t, KirDType *elem, int *k)
{
	Layout ly;

	if (!layout_of(t, &ly))
		return 0;
	if (elem)
		*elem = ly.elem;
	if (k)
		*k = ly.k;
	return 1;
}

/* Why objects of struct type t have no layout as slots of one scalar type (for a
 * refusal): the field that breaks it. */
const char *struct_layout_why(Arena *a, CXType t)
{
	Layout ly;
	CXType ct = clang_getCanonicalType(t);

	if (layout_of(t, &ly))
		return "it has one";
	if (ct.kind == CXType_Record && clang_getCursorKind(clang_getTypeDeclaration(ct)) == CXCursor_UnionDecl)
		return "it is a union";
	if (clang_getCursorKind(ly.bad) == CXCursor_CXXBaseSpecifier)
		return arena_printf(a, "its base class '%s' %s", type_name(a, clang_getCursorType(ly.bad)), base_why(ly.bad, ly.nbases));
	if (clang_Cursor_isNull(ly.bad)) {
		if (!ly.k)
			return "it has no scalar field";
		return arena_printf(a, "its size (%lld bytes) is not a multiple of %d bytes", clang_Type_getSizeOf(t),
		                    frontend_dtype_bytes(ly.elem));
	}
	{
		CXType ft = clang_getCanonicalType(clang_getCursorType(ly.bad));
		KirDType fd;
		while (ft.kind == CXType_ConstantArray)   /* an array field: what its elements are */
			ft = clang_getCanonicalType(clang_getArrayElementType(ft));
		fd = dt_of(ft);
		if (fd == KT_PTR)
			return arena_printf(a, "field '%s' (%s) is a pointer", spell(a, ly.bad), type_name(a, ft));
		if (fd == KT_VOID)
			return arena_printf(a, "field '%s' (%s) is not a scalar", spell(a, ly.bad), type_name(a, ft));
		return arena_printf(a, "field '%s' (%s) overlaps another field or lies across two %d-byte slots (the struct's widest scalar, '%s', sets the slot size)",
		                    spell(a, ly.bad), type_name(a, ft), frontend_dtype_bytes(ly.elem), spell(a, ly.first));
	}
}

/* The element type of a buffer holding objects of (array element) type t. */
KirDType mem_elem(CXType t)
{
	KirDType e;

	if (struct_layout(t, &e, NULL))
		return e;
	return dt_of(t);
}

/* Scalar elements in an object of type t (arrays multiply out, a struct of k scalars
 * counts k); 0 when not made of scalars. Fills dims when given (a struct adds an
 * innermost dimension k). */
int64_t array_elems(CXType t, int64_t *dims, int *ndims)
{
	int64_t n = 1;
	int nd = 0;

	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray) {
		long long s = clang_getArraySize(t);
		if (nd < KIR_MAX_DIMS && dims)
			dims[nd] = s;
		nd++;
		n *= s;
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	}
	{
		int k;
		if (struct_layout(t, NULL, &k)) {
			if (nd < KIR_MAX_DIMS && dims)
				dims[nd] = k;
			if (ndims)
				*ndims = nd + 1;
			return n * k;
		}
	}
	if (ndims)
		*ndims = nd;
	return dt_of(t) != KT_VOID && dt_of(t) != KT_PTR ? n : 0;
}

/* A parameter declared as a pointer, or as an array (`float a[]`, `double c[][4][8]`),
 * which C adjusts to a pointer to its element ([dcl.fct]/5). */
int is_pointer_param(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k == CXType_Pointer || k == CXType_IncompleteArray || k == CXType_ConstantArray;
}

/* What a pointer parameter points to: `double[4][8]` for `double c[][4][8]`. */
CXType param_pointee(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Pointer ? clang_getPointeeType(clang_getCanonicalType(t)) :
	       clang_getArrayElementType(t.kind == CXType_IncompleteArray || t.kind == CXType_ConstantArray ? t :
	                                 clang_getCanonicalType(t));
}

/* Whether the scalars of t (through arrays) are const. libclang's canonical array
 * types lose the element's qualifiers, so the written types are walked. */
int elem_const(CXType t)
{
	while (!clang_isConstQualifiedType(t)) {
		enum CXTypeKind k = t.kind;
		if (k != CXType_ConstantArray && k != CXType_IncompleteArray) {
			if (clang_getCanonicalType(t).kind == k || clang_getCanonicalType(t).kind == CXType_Record)
				return 0;
			t = clang_getCanonicalType(t);      /* a typedef of an array */
			continue;
		}
		t = clang_getArrayElementType(t);
	}
	return 1;
}

CXType scalar_elem(CXType t)
{
	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	return t;
}

/* ---- base classes ----
 * A struct with a base class (cub's `TempStorage : Uninitialized<_TempStorage>`) is its
 * base's fields followed by its own, in memory, in variables and in shared memory: the
 * walks below visit a base's fields first (visit_fields), under the derived object's
 * key, so `d.x` of a base's field x is the key "d.x" as for its own fields. One non-
 * virtual base at offset 0 (libclang's clang_getOffsetOfBase) is held: its fields lie
 * at their offsets in the base, which libclang gives, in the derived object as well.
 * Refused, at the base specifier: a second base, a virtual one, one at another offset
 * (a dynamic class before a plain base), and a field of the same name as a base's
 * (one key per name). */

typedef struct BaseFind {
	CXCursor parent, base, bad;
	int n;
} BaseFind;

/* Why base specifier b of a struct with n bases cannot be held. */
static const char *base_why(CXCursor b, int n)
{
	return clang_isVirtualBase(b) ? "is virtual" : n > 1 ? "is not its only one" : "is not at its start";
}

static enum CXVisitorResult base_find(CXCursor b, CXClientData d)
{
	BaseFind *bf = d;

	if (++bf->n > 1 || clang_isVirtualBase(b) || clang_getOffsetOfBase(bf->parent, b) != 0) {
		bf->bad = b;
		return CXVisit_Break;
	}
	bf->base = b;
	return CXVisit_Continue;
}

typedef struct HideFind {
	CXType t;
	CXCursor field;
	Arena *a;
} HideFind;

static enum CXVisitorResult hide_find(CXCursor f, CXClientData d)
{
	HideFind *h = d;

	if (anon_member(f) || clang_Type_getOffsetOf(h->t, spell(h->a, f)) == CXTypeLayoutError_InvalidFieldName)
		return CXVisit_Continue;
	h->field = f;
	return CXVisit_Break;
}

/* The base class specifier of record type t in *base (a null cursor when it has none);
 * negative for a base this file cannot hold (above; *base is that base, the result
 * minus the bases seen up to it), an error at it when L is given. */
int record_base(Lower *L, CXType t, CXCursor *base)
{
	BaseFind bf = {clang_getTypeDeclaration(clang_getCanonicalType(t)), clang_getNullCursor(),
	               clang_getNullCursor(), 0};
	HideFind h = {clang_getCanonicalType(t), clang_getNullCursor(), L ? L->a : NULL};

	*base = clang_getNullCursor();
	if (clang_getCanonicalType(t).kind != CXType_Record)
		return 0;
	clang_visitCXXBaseClasses(clang_getCanonicalType(t), base_find, &bf);
	if (!clang_Cursor_isNull(bf.bad)) {
		if (L && !L->failed)
			error_at(L, bf.bad, "struct '%s': its base class '%s' %s, which cannot be translated (one non-virtual "
			         "base at the start of the struct can)", type_name(L->a, t),
			         type_name(L->a, clang_getCursorType(bf.bad)), base_why(bf.bad, bf.n));
		*base = bf.bad;
		return -bf.n;
	}
	if (clang_Cursor_isNull(bf.base))
		return 0;
	if (L) {
		visit_fields(NULL, clang_getCursorType(bf.base), hide_find, &h);
		if (!clang_Cursor_isNull(h.field)) {
			if (!L->failed)
				error_at(L, bf.base, "struct '%s' has a field '%s' of the same name as a field of its base class '%s', "
				         "which cannot be translated", type_name(L->a, t), spell(L->a, h.field),
				         type_name(L->a, clang_getCursorType(bf.base)));
			return -1;
		}
	}
	*base = bf.base;
	return 0;
}

typedef struct FieldsVisit {
	CXFieldVisitor fn;
	CXClientData d;
	int stopped;
} FieldsVisit;

static enum CXVisitorResult fields_visit(CXCursor f, CXClientData d)
{
	FieldsVisit *v = d;

	if (v->fn(f, v->d) == CXVisit_Continue)
		return CXVisit_Continue;
	v->stopped = 1;
	return CXVisit_Break;
}

static int visit_all(Lower *L, CXType t, FieldsVisit *v)
{
	CXCursor b;

	t = clang_getCanonicalType(t);
	if (record_base(L, t, &b) < 0)
		return 1;
	if (!clang_Cursor_isNull(b) && visit_all(L, clang_getCursorType(b), v))
		return 1;
	clang_Type_visitFields(t, fields_visit, v);
	return v->stopped;
}

/* clang_Type_visitFields over record type t with its base class's fields first (its
 * base's first, and so on); nonzero when fn stopped the walk or the base cannot be held
 * (said when L is given). (clang_Type_visitFields's own result says neither.) */
int visit_fields(Lower *L, CXType t, CXFieldVisitor fn, CXClientData d)
{
	FieldsVisit v = {fn, d, 0};

	return visit_all(L, t, &v);
}

/* ---- field walks ---- */

static enum CXVisitorResult field_visit(CXCursor f, CXClientData d)
{
	FieldWalk *w = d;

	if (anon_member(f))     /* `struct { int lo, hi; };` in a struct: its fields are the struct's (union.c) */
		walk_fields(w, clang_getCursorType(f), w->prefix, w->name);
	else
		w->fn(w, f, member_field_key(w->L->a, w->prefix, f), member_field_key(w->L->a, w->name, f));
	return w->L->failed ? CXVisit_Break : CXVisit_Continue;
}

void walk_fields(FieldWalk *w, CXType t, const char *key, const char *name)
{
	FieldWalk sub = *w;

	if (is_union(t)) {
		walk_union(w, t, key, name);
		return;
	}
	sub.prefix = key;
	sub.name = name;
	visit_fields(w->L, t, field_visit, &sub);
}

/* ---- structs by value ----
 * A struct value is never a KIR value: a struct variable, parameter or result is a set
 * of binds, one per scalar or pointer field, under the keys PREFIX.path ("KEY.pos.x").
 * struct_src finds or makes the prefix of a struct-valued expression: a variable or
 * member (its key), a call of a device function returning a struct (inlined; its
 * per-field result variables), a brace list (per-field temporaries), a `c ? a : b`
 * (per-field temporaries that an if on c sets from the chosen arm), a toolkit __half2
 * function (half.c: per-lane temporaries). */

typedef struct Paths {
	Lower *L;
	const char *prefix;
	StrVec *out;
	int first_only;
	int refs;                /* list the reference members to structs (refmember.c) instead */
} Paths;

static enum CXVisitorResult path_visit(CXCursor f, CXClientData d);

/* The paths of an object of type t at `path`: a struct's fields, an array's elements
 * (`.acc[2]`, at most FIELD_ELEMS_MAX of them; a larger array stays one path, which no
 * variable can hold), or the path itself. A reference member to a struct is no value
 * (refmember.c): only a walk for the references lists it, and only it. */
static void add_paths(Paths *p, const char *path, CXType t)
{
	CXType ct = clang_getCanonicalType(t);

	if (is_record_ref(t)) {
		if (p->refs)
			VEC_PUSH(*p->out, path);
	} else if (is_union(t)) {      /* held as its first member (union.c) */
		Paths sub = {p->L, path, p->out, 1, p->refs};
		clang_Type_visitFields(ct, path_visit, &sub);
	} else if (is_record(t)) {
		Paths sub = {p->L, path, p->out, 0, p->refs};
		visit_fields(p->L, ct, path_visit, &sub);
	} else if (ct.kind == CXType_ConstantArray && array_elems(ct, NULL, NULL) > 0 &&
	           array_elems(ct, NULL, NULL) <= FIELD_ELEMS_MAX) {
		for (long long i = 0; i < clang_getArraySize(ct); i++)
			add_paths(p, arena_printf(p->L->a, "%s[%lld]", path, i), clang_getArrayElementType(ct));
	} else if (!p->refs) {
		VEC_PUSH(*p->out, path);
	}
}

static enum CXVisitorResult path_visit(CXCursor f, CXClientData d)
{
	Paths *p = d;

	add_paths(p, member_field_key(p->L->a, p->prefix, f), clang_getCursorType(f));
	return p->first_only ? CXVisit_Break : CXVisit_Continue;
}

/* The paths of the scalars of an array of type t held in variables ("[0]", "[0].x"). */
StrVec elem_paths(Lower *L, CXType t)
{
	StrVec v = {0};
	Paths p = {L, "", &v, 0, 0};

	add_paths(&p, "", t);
	return v;
}

/* The scalar and pointer fields of struct type t as paths ".sum", ".pos.x", ".acc[1]"
 * (the elements of an array field), in declaration order. */
StrVec field_paths(Lower *L, CXType t)
{
	StrVec v = {0};
	Paths p = {L, "", &v, is_union(t), 0};

	visit_fields(L, t, path_visit, &p);
	return v;
}

/* The reference members to structs of struct type t (and of its struct fields) as paths
 * ".temp_storage" (refmember.c). */
StrVec ref_paths(Lower *L, CXType t)
{
	StrVec v = {0};
	Paths p = {L, "", &v, 0, 1};

	if (!is_union(t))
		visit_fields(L, t, path_visit, &p);
	return v;
}

typedef struct FieldFind {
	Lower *L;
	const char *name;
	CXType t;
	int found;
	CXCursor f;
} FieldFind;

static enum CXVisitorResult find_visit(CXCursor f, CXClientData d)
{
	FieldFind *ff = d;

	if (strcmp(spell(ff->L->a, f), ff->name))
		return CXVisit_Continue;
	ff->t = clang_getCursorType(f);
	ff->found = 1;
	ff->f = f;
	return CXVisit_Break;
}

/* One step of a field path: `.name` (its field's type and bit offset in t; *fld, when
 * given, its field) or `[i]` (an element of array type t; *fld null). The rest of the
 * path, or NULL when t has no such field or element. */
static const char *path_step(Lower *L, CXType t, const char *path, CXType *out, int64_t *bits, CXCursor *fld)
{
	CXType ct = clang_getCanonicalType(t);

	if (fld)
		*fld = clang_getNullCursor();
	if (*path == '[') {
		char *end;
		long long i = strtoll(path + 1, &end, 10);
		CXType et = clang_getArrayElementType(ct);
		if (ct.kind != CXType_ConstantArray || *end != ']' || i < 0 || i >= clang_getArraySize(ct))
			return NULL;
		*out = et;
		*bits = i * clang_Type_getSizeOf(et) * 8;
		return end + 1;
	}
	{
		size_t n = strcspn(path + 1, ".[");
		FieldFind ff = {L, arena_printf(L->a, "%.*s", (int)n, path + 1), t, 0, clang_getNullCursor()};
		visit_fields(L, ct, find_visit, &ff);
		if (!ff.found)
			return NULL;
		*out = ff.t;
		if (fld)
			*fld = ff.f;
		*bits = clang_Type_getOffsetOf(ct, ff.name);
		if (*bits < 0)        /* a base class's field: at its offset in the base (at 0) */
			*bits = clang_Cursor_getOffsetOfField(ff.f);
		return path + 1 + n;
	}
}

/* The type of field `path` (".pos.x", ".acc[1]") of struct type t. */
CXType field_type(Lower *L, CXType t, const char *path)
{
	int64_t bits;

	while (path && *path)
		path = path_step(L, t, path, &t, &bits, NULL);
	return t;
}

/* The bit-field that field path `path` of struct type t ends in (width > 0), or a null
 * cursor. */
static CXCursor path_bitfield(Lower *L, CXType t, const char *path)
{
	CXCursor f = clang_getNullCursor();
	int64_t b;

	while (path && *path)
		path = path_step(L, t, path, &t, &b, &f);
	if (clang_Cursor_isNull(f) || !clang_Cursor_isBitField(f) || clang_getFieldDeclBitWidth(f) <= 0)
		return clang_getNullCursor();
	return f;
}

/* The slot of field `path` (".pos.x", ".acc[1]") in an object of struct type t stored
 * as slots of elem (its byte offset over the slot size: padding and nested structs
 * counted). */
static int64_t field_slot(Lower *L, CXType t, const char *path, KirDType elem)
{
	return field_bits(L, t, path) / (8 * frontend_dtype_bytes(elem));
}

/* field_bits, or -1 when path names no field of t (a kernel parameter's flattened name
 * that is no field path: kernel.c field_offsets). */
int64_t field_bits_known(Lower *L, CXType t, const char *path)
{
	int64_t bits = 0, b = 0;

	while (path && *path) {
		path = path_step(L, t, path, &t, &b, NULL);
		if (!path || b < 0)
			return -1;
		bits += b;
	}
	return bits;
}

/* The bit offset of field `path` in an object of struct type t (padding and nested
 * structs counted). */
int64_t field_bits(Lower *L, CXType t, const char *path)
{
	int64_t bits = 0, b = 0;

	while (path && *path) {
		path = path_step(L, t, path, &t, &b, NULL);
		ASSERT(path && b >= 0);
		bits += b;
	}
	return bits;
}

Bind *key_bind(Lower *L, Map *m, const char *key)
{
	return m ? map_get(m, key) : find_bind(L, key);
}

/* New variables for the fields of a struct of type t named `name`, declared here,
 * bound in the current frame under a fresh prefix, which is returned. */
const char *struct_vars(Lower *L, CXType t, const char *name, KirVarKind kind, SrcLoc loc)
{
	const char *prefix = arena_printf(L->a, "struct#%d", ++L->ntemps);
	StrVec paths = field_paths(L, t);
	int ok = 1;

	for (size_t i = 0; i < paths.len; i++) {
		KirDType dt = dt_of(field_type(L, t, paths.data[i]));
		Bind *b = new_bind(L, BK_VAR);
		if (dt == KT_VOID || dt == KT_PTR) {
			diag_error(loc, "struct field '%s%s' of type '%s' cannot be held in a variable", name, paths.data[i],
			           type_name(L->a, field_type(L, t, paths.data[i])));
			L->failed = 1;
			ok = 0;
			continue;
		}
		b->idx = new_var(L, arena_printf(L->a, "%s%s", name, paths.data[i]), dt, kind, loc);
		emit_pending(L, decl_stmt(L, b->idx, NULL, loc));
		put_bind(L, arena_printf(L->a, "%s%s", prefix, paths.data[i]), b);
	}
	VEC_FREE(paths);
	paths = ref_paths(L, t);
	for (size_t i = 0; i < paths.len; i++)     /* bound by the constructor (refmember.c) */
		put_bind(L, arena_printf(L->a, "%s%s", prefix, paths.data[i]), ref_member_new(L));
	VEC_FREE(paths);
	return ok ? prefix : NULL;
}

KirExpr *assign_var(Lower *L, int var, KirExpr *value, SrcLoc loc)
{
	KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, L->vars.data[var].type, loc);

	e->u.assign.lv.var = var;
	e->u.assign.lv.buffer = -1;
	e->u.assign.op = KB_NONE;
	e->u.assign.optype = e->type;
	e->u.assign.value = conv(L, value, e->type);
	return e;
}

/* buf[index] = value, value already of the buffer's element type */
KirExpr *assign_elem(Lower *L, int buf, KirExpr *index, KirExpr *value, SrcLoc loc)
{
	KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, L->bufs.data[buf].elem, loc);

	e->u.assign.lv.var = -1;
	e->u.assign.lv.buffer = buf;
	e->u.assign.lv.index = index;
	e->u.assign.op = KB_NONE;
	e->u.assign.optype = e->type;
	e->u.assign.value = value;
	return e;
}

/* A pointer field's copy: moving pointer db (a local struct's field, decl.c
 * field_var_of) = pointer sb when sb's buffer is known here (one buffer, no choice).
 * 0 when either is no such pointer. */
static int ptr_field_copy(Lower *L, CXCursor at, Bind *db, Bind *sb)
{
	Addr a = {.buffer = -1, .off = NULL, .var = -1, .view = KT_VOID};

	if (!sb || !db || db->kind != BK_PTR || sb->kind != BK_PTR || db->offvar < 0 ||
	    L->vars.data[db->offvar].type != KT_I64 || choosing(db) || choosing(sb) ||
	    sb->nullvar >= 0 || sb->buffer < 0)
		return 0;
	a.buffer = sb->buffer;
	a.off = sb->offvar >= 0 ? var_ref(L, sb->offvar, cloc(L, at)) : sb->off;
	a.view = sb->view;
	a.per = sb->per;
	emit_pending(L, expr_stmt(L, ptr_set(L, at, db, a)));
	return 1;
}

/* dst = src field by field; dst's fields are variables (in map dmap, or the current
 * frame when NULL), a pointer field a moving pointer (ptr_field_copy). */
/* The address of scalar `key` (".val.data[2]" under a prefix) that is an element of an
 * array field held as a local array (decl.c field_var_of): the array's bind is under the
 * key without its indices, which are row-major in the array's dims. a.buffer < 0 when
 * it is none. */
static Addr held_elem(Lower *L, Map *m, const char *key, SrcLoc loc)
{
	Addr a = {.buffer = -1, .off = NULL, .var = -1, .view = KT_VOID};
	int64_t idx[KIR_MAX_DIMS], flat = 0;
	size_t n = strlen(key);
	int nd = 0;
	Bind *b;

	while (n && key[n - 1] == ']' && nd < KIR_MAX_DIMS) {
		size_t o = n - 1;
		while (o && key[o - 1] != '[')
			o--;
		if (!o)
			return a;
		idx[nd++] = strtoll(key + o, NULL, 10);
		n = o - 1;
	}
	b = nd ? key_bind(L, m, arena_printf(L->a, "%.*s", (int)n, key)) : NULL;
	if (!b || b->kind != BK_PTR || b->buffer < 0 || L->bufs.data[b->buffer].space != KSP_LOCAL ||
	    L->bufs.data[b->buffer].ndims != nd)
		return a;
	for (int d = 0; d < nd; d++)      /* idx holds the innermost index first */
		flat = flat * L->bufs.data[b->buffer].dims[d] + idx[nd - 1 - d];
	a.buffer = b->buffer;
	a.off = frontend_new_int(L->a, KT_I32, flat, loc);
	return a;
}

static KirExpr *store_field(Lower *L, Addr a, int64_t j, KirDType ft, KirExpr *val, SrcLoc loc);

/* The path of the array field held as a local array (".sizes_") of which scalar path
 * `path` under prefix is an element, or NULL. */
const char *held_array_path(Lower *L, Map *m, const char *prefix, const char *path)
{
	size_t n = strlen(path);

	if (held_elem(L, m, arena_printf(L->a, "%s%s", prefix, path), NOLOC).buffer < 0)
		return NULL;
	while (n && path[n - 1] == ']') {
		while (n && path[n - 1] != '[')
			n--;
		n--;
	}
	return arena_printf(L->a, "%.*s", (int)n, path);
}

/* Local array `from` copied element by element into a new one of the same shape (a
 * struct passed by value: its array field held as a local array), which is returned. */
int held_array_copy(Lower *L, int from, const char *name, SrcLoc loc)
{
	KirBuffer nb = L->bufs.data[from];
	int to;

	nb.name = unique(L, name);
	nb.loc = loc;
	VEC_PUSH(L->bufs, nb);
	to = (int)L->bufs.len - 1;
	for (int64_t e = 0; e < nb.count; e++) {
		Addr d = {.buffer = to, .off = frontend_new_int(L->a, KT_I32, e, loc), .var = -1, .view = KT_VOID};
		KirExpr *v = frontend_new_expr(L->a, KE_LOAD, nb.elem, loc);
		v->u.load.buffer = from;
		v->u.load.index = frontend_new_int(L->a, KT_I32, e, loc);
		emit_pending(L, expr_stmt(L, store_field(L, d, 0, nb.elem, v, loc)));
	}
	return to;
}

/* Scalar path `path` of a struct copy where either side holds it in a local array
 * field (held_elem); 0 when neither does. */
static int held_elem_copy(Lower *L, CXCursor at, const char *dst, Map *dmap, const char *src, const char *path,
                          Bind *db, Bind *sb)
{
	SrcLoc l = cloc(L, at);
	Addr sa = held_elem(L, NULL, arena_printf(L->a, "%s%s", src, path), l);
	Addr da = held_elem(L, dmap, arena_printf(L->a, "%s%s", dst, path), l);
	KirExpr *v;

	if (sa.buffer < 0 && da.buffer < 0)
		return 0;
	if ((sa.buffer < 0 && (!sb || sb->kind != BK_VAR)) || (da.buffer < 0 && (!db || db->kind != BK_VAR)))
		return 0;
	if (sa.buffer >= 0) {
		v = frontend_new_expr(L->a, KE_LOAD, L->bufs.data[sa.buffer].elem, l);
		v->u.load.buffer = sa.buffer;
		v->u.load.index = sa.off;
	} else {
		v = var_ref(L, sb->idx, l);
	}
	if (da.buffer >= 0)
		emit_pending(L, expr_stmt(L, store_field(L, da, 0, L->bufs.data[da.buffer].elem, v, l)));
	else
		emit_pending(L, expr_stmt(L, assign_var(L, db->idx, v, l)));
	return 1;
}

void struct_copy(Lower *L, CXCursor at, CXType t, const char *dst, Map *dmap, const char *src)
{
	StrVec paths = field_paths(L, t);

	for (size_t i = 0; i < paths.len && !L->failed; i++) {
		Bind *sb = key_bind(L, NULL, arena_printf(L->a, "%s%s", src, paths.data[i]));
		Bind *db = key_bind(L, dmap, arena_printf(L->a, "%s%s", dst, paths.data[i]));
		if (ptr_field_copy(L, at, db, sb))
			continue;
		if ((!sb || !db) && held_elem_copy(L, at, dst, dmap, src, paths.data[i], db, sb))
			continue;
		if (!sb || !db || db->kind != BK_VAR || sb->kind == BK_PTR || sb->kind == BK_CG) {
			error_at(L, at, "struct field '%s' cannot be copied here", paths.data[i] + 1);
			break;
		}
		emit_pending(L, expr_stmt(L, assign_var(L, db->idx, bind_value(L, at, sb), cloc(L, at))));
	}
	VEC_FREE(paths);
	paths = ref_paths(L, t);       /* a copy names the objects the original's references name */
	for (size_t i = 0; i < paths.len && !L->failed; i++) {
		Bind *sb = key_bind(L, NULL, arena_printf(L->a, "%s%s", src, paths.data[i]));
		Bind *db = key_bind(L, dmap, arena_printf(L->a, "%s%s", dst, paths.data[i]));
		if (sb && db && db->kind == BK_MEM && db->buffer == -1)
			*db = *sb;
	}
	VEC_FREE(paths);
}

static enum CXVisitorResult field_collect(CXCursor f, CXClientData d)
{
	VEC_PUSH(*(CursorVec *)d, f);
	return CXVisit_Continue;
}

/* A member's default initialiser (`float w = 0.5f;` in the class), or a null cursor.
 * An array member's kids include its size expression (`float d[V]`): its default
 * initialiser can only be a braced list. */
CXCursor field_default(CXCursor field)
{
	unsigned n = nkids(field);
	CXCursor x = n ? kid(field, n - 1) : clang_getNullCursor();

	if (n && clang_getCanonicalType(clang_getCursorType(field)).kind == CXType_ConstantArray &&
	    clang_getCursorKind(x) != CXCursor_InitListExpr)
		return clang_getNullCursor();
	return n && clang_isExpression(clang_getCursorKind(x)) ? x : clang_getNullCursor();
}

/* A default-initialised struct under `prefix` (`S s;` with no user constructor): the
 * members that have a default initialiser get it, nested structs included; the others
 * stay unset. */
void struct_defaults(Lower *L, CXType t, const char *prefix)
{
	CursorVec fields = {0};

	visit_fields(L, t, field_collect, &fields);
	for (size_t i = 0; i < fields.len && !L->failed; i++) {
		CXType ft = clang_getCursorType(fields.data[i]);
		const char *key = arena_printf(L->a, "%s.%s", prefix, spell(L->a, fields.data[i]));
		CXCursor x = field_default(fields.data[i]);
		Bind *b;
		if (is_record(ft) && clang_Cursor_isNull(x)) {
			struct_defaults(L, ft, key);
			continue;
		}
		if (clang_Cursor_isNull(x))
			continue;
		b = key_bind(L, NULL, key);
		if (is_record(ft) || !b || b->kind != BK_VAR) {
			error_at(L, x, "the default initialiser of member '%s' cannot be translated", spell(L->a, fields.data[i]));
			break;
		}
		emit_pending(L, expr_stmt(L, assign_var(L, b->idx, lx(L, x), cloc(L, x))));
	}
	VEC_FREE(fields);
}

/* The values of a brace list into the variable fields under `prefix` (missing ones
 * their default initialiser, else 0). */

static void list_fields(Lower *L, CXCursor list, CursorVec *v, size_t *n, CXType t, const char *prefix);

/* The elements of array field `key` (type t, held in variables, or as a local array)
 * from values v[*n...]: the kids of its braced list, or, its braces elided (`{3, x, y}`
 * for `{int n; float d[2];}`), the enclosing list's next values. An element that is
 * itself an array or a struct takes its own braced list or, without braces, the next
 * values in turn; elements past the values are 0. */
static void list_elems(Lower *L, CXCursor at, CursorVec *v, size_t *n, CXType t, const char *key)
{
	CXType ct = clang_getCanonicalType(t), et = clang_getArrayElementType(ct);

	for (long long i = 0; i < clang_getArraySize(ct) && !L->failed; i++) {
		const char *ek = arena_printf(L->a, "%s[%lld]", key, i);
		CXCursor x = *n < v->len ? strip(v->data[*n]) : clang_getNullCursor();
		int braced = !clang_Cursor_isNull(x) && clang_getCursorKind(x) == CXCursor_InitListExpr;
		CursorVec none = {0};
		size_t m = 0;
		Bind *b;
		if (!clang_Cursor_isNull(x) && clang_getCursorKind(x) == CXCursor_StringLiteral) {
			error_at(L, x, "a string literal into an array field cannot be translated");
			break;
		}
		if (is_record(et) || clang_getCanonicalType(et).kind == CXType_ConstantArray) {
			if (!clang_Cursor_isNull(x) && !braced && (is_record(clang_getCursorType(x)) ||
			    clang_getCanonicalType(clang_getCursorType(x)).kind == CXType_ConstantArray)) {
				error_at(L, x, "an element of this array field needs its own braces here");
				break;
			}
			if (braced) {
				CursorVec sv = kids(x);
				(*n)++;
				if (is_record(et))
					list_fields(L, x, &sv, &m, et, ek);
				else
					list_elems(L, x, &sv, &m, et, ek);
				VEC_FREE(sv);
			} else if (is_record(et)) {
				list_fields(L, clang_Cursor_isNull(x) ? at : x, clang_Cursor_isNull(x) ? &none : v, clang_Cursor_isNull(x) ? &m : n, et, ek);
			} else {
				list_elems(L, clang_Cursor_isNull(x) ? at : x, clang_Cursor_isNull(x) ? &none : v, clang_Cursor_isNull(x) ? &m : n, et, ek);
			}
			continue;
		}
		b = key_bind(L, NULL, ek);
		if (!b && held_elem(L, NULL, ek, NOLOC).buffer >= 0) {
			/* an array field held as a local array (decl.c field_var_of): a store */
			SrcLoc l = cloc(L, clang_Cursor_isNull(x) ? at : x);
			Addr ha = held_elem(L, NULL, ek, l);
			KirExpr *val = clang_Cursor_isNull(x) ? frontend_new_int(L->a, KT_I32, 0, l) : lx(L, v->data[(*n)++]);
			emit_pending(L, expr_stmt(L, store_field(L, ha, 0, L->bufs.data[ha.buffer].elem, val, l)));
			continue;
		}
		if (!b || b->kind != BK_VAR) {
			error_at(L, at, "element %lld of this array field cannot be initialised here", i);
			break;
		}
		emit_pending(L, expr_stmt(L, assign_var(L, b->idx, clang_Cursor_isNull(x) ? frontend_new_int(L->a, KT_I32, 0, cloc(L, at)) :
		                                        lx(L, v->data[(*n)++]), cloc(L, clang_Cursor_isNull(x) ? at : x))));
	}
}

/* Values v[*n...] (brace elision: a struct field without its own braces takes the next
 * scalars) into the variable fields under `prefix`; missing values are 0. */
static void list_fields(Lower *L, CXCursor list, CursorVec *v, size_t *n, CXType t, const char *prefix)
{
	CursorVec fields = {0};
	CXCursor base;

	if (record_base(L, t, &base) < 0)
		return;
	if (!clang_Cursor_isNull(base)) {  /* its first value would be the base's, in braces or not */
		error_at(L, list, "a brace list of '%s', a struct with a base class, cannot be translated", type_name(L->a, t));
		return;
	}
	clang_Type_visitFields(clang_getCanonicalType(t), field_collect, &fields);
	for (size_t i = 0; i < fields.len && !L->failed; i++) {
		CXType ft = clang_getCursorType(fields.data[i]);
		const char *key = arena_printf(L->a, "%s.%s", prefix, spell(L->a, fields.data[i]));
		CXCursor x = *n < v->len ? strip(v->data[*n]) : clang_getNullCursor();
		Bind *b;
		if (is_record(ft) && !clang_Cursor_isNull(x) && clang_getCursorKind(x) == CXCursor_InitListExpr) {
			CursorVec sub = kids(x);
			size_t m = 0;
			(*n)++;
			list_fields(L, x, &sub, &m, ft, key);
			VEC_FREE(sub);
			continue;
		}
		if (is_record(ft) && !clang_Cursor_isNull(x) && is_record(clang_getCursorType(x))) {
			const char *src = struct_src(L, v->data[(*n)++]);
			if (src)
				struct_copy(L, x, ft, key, NULL, src);
			continue;
		}
		if (is_record(ft)) {
			list_fields(L, list, v, n, ft, key);
			continue;
		}
		if (clang_getCanonicalType(ft).kind == CXType_ConstantArray && array_elems(ft, NULL, NULL) > 0 &&
		    array_elems(ft, NULL, NULL) <= FIELD_ELEMS_MAX) {
			/* an array field held in variables: its braced list, element by element,
			 * or without braces the next values */
			if (!clang_Cursor_isNull(x) && clang_getCursorKind(x) == CXCursor_InitListExpr) {
				CursorVec sub = kids(x);
				size_t m = 0;
				(*n)++;
				list_elems(L, x, &sub, &m, ft, key);
				VEC_FREE(sub);
			} else {
				list_elems(L, clang_Cursor_isNull(x) ? list : x, v, n, ft, key);
			}
			continue;
		}
		b = key_bind(L, NULL, key);
		if (b && b->kind == BK_PTR && b->offvar >= 0 && !clang_Cursor_isNull(x) && !choosing(b) &&
		    clang_getCanonicalType(ft).kind == CXType_Pointer) {
			/* a pointer field (decl.c field_var_of) given an address */
			emit_pending(L, expr_stmt(L, ptr_set(L, x, b, laddr(L, v->data[(*n)++]))));
			continue;
		}
		if (!b || b->kind != BK_VAR) {
			error_at(L, clang_Cursor_isNull(x) ? list : x, "struct field '%s' cannot be initialised here",
			    spell(L->a, fields.data[i]));
			break;
		}
		if (clang_Cursor_isNull(x) && !clang_Cursor_isNull(field_default(fields.data[i])))
			emit_pending(L, expr_stmt(L, assign_var(L, b->idx, lx(L, field_default(fields.data[i])), cloc(L, list))));
		else if (clang_Cursor_isNull(x))
			emit_pending(L, expr_stmt(L, assign_var(L, b->idx, frontend_new_int(L->a, KT_I32, 0, cloc(L, list)), cloc(L, list))));
		else if (bitfield_width(fields.data[i]))     /* cut to its width (bitfield.c) */
			emit_pending(L, expr_stmt(L, assign_var(L, b->idx, bitfield_fit(L, lx(L, v->data[(*n)++]),
			             L->vars.data[b->idx].type, bitfield_width(fields.data[i]), cloc(L, x)), cloc(L, x))));
		else
			emit_pending(L, expr_stmt(L, assign_var(L, b->idx, lx(L, v->data[(*n)++]), cloc(L, x))));
	}
	VEC_FREE(fields);
}

void list_into(Lower *L, CXCursor list, CXType t, const char *prefix)
{
	CursorVec v = kids(list);
	size_t n = 0;

	list_fields(L, list, &v, &n, t, prefix);
	VEC_FREE(v);
}

/* A brace list as a struct value: temporaries under a new prefix. */
static const char *struct_list(Lower *L, CXCursor list, CXType t)
{
	const char *prefix = struct_vars(L, t, "init", KVK_TEMP, cloc(L, list));

	if (prefix)
		list_into(L, list, t, prefix);
	return L->failed ? NULL : prefix;
}

/* ---- value-initialised temporaries ----
 * `T()` of a class whose default constructor is implicit or defaulted (a functor
 * constructed and called at once: `Op()(x, y)`, `Op().f(x)`, `g(Op())`) is value-
 * initialised (C++ [dcl.init.general]): zeroed, then each member's default initialiser.
 * That is a brace list with no values (list_fields). Only where no member runs a
 * constructor of its own and no base class is involved: those would run code that
 * zeroing skips, so they stay refused by lcall. */

static enum CXChildVisitResult has_ctor_or_base(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CXXBaseSpecifier)
		*(int *)d |= 2;
	else if (is_user_ctor(c))
		*(int *)d |= 1;
	return CXChildVisit_Continue;
}

/* Whether zeroing a T and setting its default initialisers is all its value-
 * initialisation does: no base class, no union, and no member (nested struct or array
 * element) with a user constructor. */
static int zero_init_only(CXType t, int top)
{
	CursorVec fields = {0};
	int bad = 0;

	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	if (!is_record(t))
		return 1;
	if (is_union(t))
		return 0;
	clang_visitChildren(clang_getTypeDeclaration(t), has_ctor_or_base, &bad);
	if (bad & 2 || (bad && !top))    /* a base; a member's own constructor */
		return 0;
	bad = 0;
	clang_Type_visitFields(t, field_collect, &fields);
	for (size_t i = 0; i < fields.len && !bad; i++)
		bad = !zero_init_only(clang_getCursorType(fields.data[i]), 0);
	VEC_FREE(fields);
	return !bad;
}

/* Whether c is `T()` (or `T{}` of a non-aggregate) that value-initialises a T as above. */
static int is_value_init(CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c);

	return clang_getCursorKind(c) == CXCursor_CallExpr && clang_getCursorKind(fn) == CXCursor_Constructor &&
	       clang_Cursor_getNumArguments(c) == 0 && !is_user_ctor(fn) && zero_init_only(clang_getCursorType(c), 1);
}

/* The value-initialised temporary c: new variables under a new prefix. */
static const char *struct_value_init(Lower *L, CXCursor c, CXType t)
{
	const char *prefix = struct_vars(L, t, spell(L->a, clang_getCursorReferenced(c)), KVK_TEMP, cloc(L, c));
	CursorVec none = {0};
	size_t n = 0;

	if (prefix)
		list_fields(L, c, &none, &n, t, prefix);
	return L->failed ? NULL : prefix;
}

/* A struct-valued expression that denotes memory: `s[i]`, `*p`, `p->inner`, `s[i].inner`. */
/* The key of struct expression x (a variable `r`, a member `r.dir`, `this`, or a pointer `p`,
 * `p->dir` to such a struct bound field by field) when its fields of type t are held in
 * variables, else NULL (the struct is in memory, or x is another expression). */
const char *var_struct_key(Lower *L, CXCursor x, CXType t)
{
	CXType xt = clang_getCanonicalType(clang_getCursorType(x));
	const char *key = NULL;
	StrVec paths;
	Bind *b = NULL;
	int held = 0;

	if (xt.kind == CXType_Pointer)
		xt = clang_getCanonicalType(clang_getPointeeType(xt));
	if (!clang_equalCursors(clang_getTypeDeclaration(xt), clang_getTypeDeclaration(clang_getCanonicalType(t))))
		return NULL;
	if (clang_getCursorKind(x) == CXCursor_DeclRefExpr)
		key = dkey(L->a, clang_getCursorReferenced(x));
	else if (clang_getCursorKind(x) == CXCursor_MemberRefExpr)
		key = member_key(L, x);
	else if (clang_getCursorKind(x) == CXCursor_CXXThisExpr)
		key = L->fr->this_key;             /* `*this` in a method of an object held in variables */
	if (!key)
		return NULL;
	paths = field_paths(L, t);
	if (paths.len) {
		const char *k0 = arena_printf(L->a, "%s%s", key, paths.data[0]);
		held = !(b = find_bind(L, k0)) && held_elem(L, NULL, k0, NOLOC).buffer >= 0;
	}
	VEC_FREE(paths);
	return held || (b && b->kind != BK_MEM) ? key : NULL;   /* held: a first field held as a local array */
}

int is_mem_lvalue(Lower *L, CXCursor x)
{
	enum CXCursorKind k;
	Bind *b;

	x = strip(x);
	k = clang_getCursorKind(x);
	if (k == CXCursor_ArraySubscriptExpr)
		return !is_var_elem(L, x);
	if (k == CXCursor_UnaryOperator)     /* `*p`, unless p points to a struct held in variables */
		return clang_getCursorUnaryOperatorKind(x) == CXUnaryOperator_Deref &&
		       !(is_record(clang_getCursorType(x)) && var_struct_key(L, strip(kid(x, 0)), clang_getCursorType(x)));
	if (k == CXCursor_DeclRefExpr)
		return is_mem_struct_var(L, x);
	if (k == CXCursor_MemberRefExpr && is_record(clang_getCursorType(x)) && (b = member_bind(L, x)) &&
	    b->kind == BK_MEM && b->buffer >= 0)
		return 1;          /* a reference member bound to a struct in memory (refmember.c) */
	if (k == CXCursor_MemberRefExpr)
		return (is_mem_struct(member_base(x)) || is_mem_struct_var(L, member_base(x))) && !member_bind(L, x) &&
		       !(is_record(clang_getCursorType(x)) && var_struct_key(L, x, clang_getCursorType(x)));
	return 0;
}

/* The store of `val` into field element `j` (type ft) of the struct at a. */
static KirExpr *store_field(Lower *L, Addr a, int64_t j, KirDType ft, KirExpr *val, SrcLoc loc)
{
	KirDType elem = L->bufs.data[a.buffer].elem;
	KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, elem, loc);
	KirExpr *at = add_off(L, a.off, frontend_new_int(L->a, a.off ? a.off->type : KT_I32, j, loc), loc);

	val = slot_of_view(L, conv(L, val, ft), elem, slot_load(L, a.buffer, at, loc), loc);
	e->u.assign.lv.var = -1;
	e->u.assign.lv.buffer = a.buffer;
	e->u.assign.lv.index = at;
	e->u.assign.op = KB_NONE;
	e->u.assign.optype = elem;
	e->u.assign.value = val;
	return e;
}

/* Whether field path `path` of t is an unnamed bit-field (`unsigned : 3;`: padding, no
 * member of the struct, C++ [class.bit]), which a copy leaves out. */
static int unnamed_bitfield(Lower *L, CXType t, const char *path)
{
	CXCursor f = path_bitfield(L, t, path);

	return !clang_Cursor_isNull(f) && !*spell(L->a, f);
}

/* The address of field `path` of the struct of type t at a (in a buffer of t's slot type):
 * field_at's, or for a bit-field its slot and its bits there, as bitfield.c's bitfield_at
 * places them but from the field's bit offset in t (so also in a nested struct; the
 * layout keeps every bit-field in one slot). */
static Addr path_at(Lower *L, Addr a, CXType t, const char *path, SrcLoc l)
{
	CXCursor f = path_bitfield(L, t, path);
	int64_t bits = field_bits(L, t, path), sb = 8 * frontend_dtype_bytes(L->bufs.data[a.buffer].elem);

	if (clang_Cursor_isNull(f))
		return field_at(L, a, t, bits, field_type(L, t, path), l);
	a.off = add_off(L, a.off, frontend_new_int(L->a, a.off ? a.off->type : KT_I32, bits / sb, l), l);
	a.view = dt_of(clang_getCanonicalType(clang_getCursorType(f)));
	a.per = 0;
	a.bitw = clang_getFieldDeclBitWidth(f);
	a.bitoff = (int)(bits % sb);
	return a;
}

/* A struct in memory loaded field by field into temporaries under a new prefix; a
 * bit-field read from its bits (bitfield.c bitfield_load: cut, sign-extended). */
static const char *struct_load(Lower *L, CXCursor x, CXType t)
{
	Addr a = laddr(L, x);
	const char *prefix;
	StrVec paths;

	if (a.buffer < 0 || !mem_struct_fits(L, x, a, t))
		return NULL;
	a = addr_once(L, a, cloc(L, x));
	prefix = struct_vars(L, t, "elem", KVK_TEMP, cloc(L, x));
	paths = field_paths(L, t);
	for (size_t j = 0; prefix && j < paths.len; j++) {
		Bind *b = key_bind(L, NULL, arena_printf(L->a, "%s%s", prefix, paths.data[j]));
		Addr f;
		if (unnamed_bitfield(L, t, paths.data[j]))
			continue;
		f = path_at(L, a, t, paths.data[j], cloc(L, x));
		emit_pending(L, expr_stmt(L, assign_var(L, b->idx, load_of(L, x, f), cloc(L, x))));
	}
	VEC_FREE(paths);
	return prefix;
}

/* dst (a struct in memory) = the struct under prefix src, field by field. */
void struct_store(Lower *L, CXCursor at, CXCursor dst, CXType t, const char *src)
{
	Addr a = laddr(L, dst);

	if (a.buffer < 0 || !mem_struct_fits(L, dst, a, t))
		return;
	if (read_only(L, at, a.buffer))
		return;
	struct_store_at(L, at, addr_once(L, a, cloc(L, dst)), t, src);
}

/* The bits of v (a field of type ft, w bits wide when a bit-field, else 0) at bit `bit`
 * of a slot of unsigned type wu, the other bits 0. */
static KirExpr *slot_bits(Lower *L, KirExpr *v, KirDType ft, int w, int bit, KirDType wu, SrcLoc l)
{
	int fb = frontend_dtype_bytes(ft), n = w ? w : 8 * fb;

	v = w ? bitfield_fit(L, v, ft, w, l) : conv(L, v, ft);
	v = frontend_new_cast(L->a, wu, ft == KT_I1 ? v : bitcast_to(L, uint_of(fb), v, l), l);   /* a bool: 0 or 1 */
	if (n < 8 * frontend_dtype_bytes(wu))
		v = frontend_new_binary(L->a, KB_AND, wu, v, frontend_new_int(L->a, wu, (int64_t)((1ull << n) - 1), l), l);
	return bit ? frontend_new_binary(L->a, KB_SHL, wu, v, frontend_new_int(L->a, wu, bit, l), l) : v;
}

/* Whether field `path` of struct type t, in slots of eb bytes, is a part of its slot
 * (field_at's narrow view: it shares the slot or does not start it) or a bit-field. */
static int part_of_slot(Lower *L, CXType t, const char *path, int eb)
{
	CXType ft = clang_getCanonicalType(field_type(L, t, path));
	int64_t bits = field_bits(L, t, path);
	KirDType d;

	if (!clang_Cursor_isNull(path_bitfield(L, t, path)))
		return 1;
	while (ft.kind == CXType_ConstantArray)
		ft = clang_getCanonicalType(clang_getArrayElementType(ft));
	d = dt_of(ft);
	if (is_record(ft) || d == KT_VOID || frontend_dtype_bytes(d) >= eb)
		return 0;
	return bits % (8 * eb) || slot_scalars(t, bits) > 1;
}

/* The struct at address a (in a buffer of t's slot type) = the struct under prefix src.
 * A slot that holds a bit-field or several scalars (`{uint start, end; double pivot;}`
 * in 8-byte slots) is written whole, its fields' bits put together (C++ leaves the
 * padding bits unspecified: 0 here): the copy writes every byte of the struct, so no
 * other thread can own a part of it. */
void struct_store_at(Lower *L, CXCursor at, Addr a, CXType t, const char *src)
{
	StrVec paths = field_paths(L, t);
	KirDType elem = L->bufs.data[a.buffer].elem, wu = uint_of(frontend_dtype_bytes(elem));
	int64_t sbits = 8 * frontend_dtype_bytes(elem), wslot = -1;
	KirExpr *word = NULL;          /* the bits of slot wslot put together so far */
	SrcLoc l = cloc(L, at);
	char *bslot = arena_alloc(L->a, paths.len + 1);   /* per path: its slot holds a bit-field */

	for (size_t j = 0; j < paths.len; j++)
		for (size_t i = 0; i < paths.len && !bslot[j]; i++)
			bslot[j] = part_of_slot(L, t, paths.data[i], (int)(sbits / 8)) &&
			           field_bits(L, t, paths.data[i]) / sbits == field_bits(L, t, paths.data[j]) / sbits;
	for (size_t j = 0; j <= paths.len && !L->failed; j++) {
		int64_t bits = j < paths.len ? field_bits(L, t, paths.data[j]) : -1;
		if (word && (j == paths.len || !bslot[j] || bits / sbits != wslot)) {   /* slot wslot done */
			emit_pending(L, expr_stmt(L, assign_elem(L, a.buffer, add_off(L, a.off, frontend_new_int(L->a,
			             a.off ? a.off->type : KT_I32, wslot, l), l), bitcast_to(L, elem, word, l), l)));
			word = NULL;
		}
		if (j == paths.len)
			break;
		if (unnamed_bitfield(L, t, paths.data[j]))
			continue;
		Bind *sb = key_bind(L, NULL, arena_printf(L->a, "%s%s", src, paths.data[j]));
		KirDType ft = dt_of(field_type(L, t, paths.data[j]));
		Addr ha = sb ? (Addr){.buffer = -1} : held_elem(L, NULL, arena_printf(L->a, "%s%s", src, paths.data[j]), cloc(L, at));
		KirExpr *v;
		if ((!sb && ha.buffer < 0) || (sb && (sb->kind == BK_PTR || sb->kind == BK_CG))) {
			error_at(L, at, "struct field '%s' cannot be copied here", paths.data[j] + 1);
			break;
		}
		if (sb) {
			v = bind_value(L, at, sb);
		} else {      /* an element of an array field held as a local array */
			v = frontend_new_expr(L->a, KE_LOAD, L->bufs.data[ha.buffer].elem, cloc(L, at));
			v->u.load.buffer = ha.buffer;
			v->u.load.index = ha.off;
		}
		int64_t slot = field_slot(L, t, paths.data[j], L->bufs.data[a.buffer].elem);
		if (bslot[j]) {       /* into its slot's bits */
			CXCursor bf = path_bitfield(L, t, paths.data[j]);
			KirExpr *put = slot_bits(L, v, ft, clang_Cursor_isNull(bf) ? 0 : clang_getFieldDeclBitWidth(bf),
			                         (int)(bits % sbits), wu, l);
			word = word ? frontend_new_binary(L->a, KB_OR, wu, word, put, l) : put;
			wslot = slot;
			continue;
		}
		if (field_at(L, a, t, field_bits(L, t, paths.data[j]), field_type(L, t, paths.data[j]), cloc(L, at)).per) {
			error_at(L, at, "a store of struct field '%s', which shares a %d-byte slot of '%s' with another field, cannot be translated: only reads can (a part of an element other threads may also write)",
			         paths.data[j] + 1, frontend_dtype_bytes(L->bufs.data[a.buffer].elem), L->bufs.data[a.buffer].name);
			break;
		}
		if (wide_scalar(ft, L->bufs.data[a.buffer].elem))   /* float4 over halves: wide.c */
			wide_store(L, a.buffer, add_off(L, a.off, frontend_new_int(L->a, a.off ? a.off->type : KT_I32, slot, cloc(L, at)),
			                                cloc(L, at)), conv(L, v, ft), cloc(L, at));
		else
			emit_pending(L, expr_stmt(L, store_field(L, a, slot, ft, v, cloc(L, at))));
	}
	VEC_FREE(paths);
}

/* make_float2(x, y) and the like from a CUDA header: the fields in order. */
static int is_make_vector(Lower *L, CXCursor call)
{
	CXCursor fn = clang_getCursorReferenced(call);

	return !strncmp(spell(L->a, fn), "make_", 5) && in_system(fn) && is_record(clang_getCursorType(call)) &&
	       !clang_Cursor_isNull(clang_getCursorDefinition(fn));
}

/* A vector constructor's arguments into temporaries, as a brace list would be. */
static const char *struct_args(Lower *L, CXCursor call, CXType t)
{
	const char *prefix = struct_vars(L, t, "init", KVK_TEMP, cloc(L, call));
	StrVec paths = field_paths(L, t);
	int n = clang_Cursor_getNumArguments(call);

	for (size_t i = 0; prefix && i < paths.len && !L->failed; i++) {
		Bind *b = key_bind(L, NULL, arena_printf(L->a, "%s%s", prefix, paths.data[i]));
		KirExpr *val = (int)i < n ? lx(L, clang_Cursor_getArgument(call, (unsigned)i)) :
		               frontend_new_int(L->a, KT_I32, 0, cloc(L, call));
		emit_pending(L, expr_stmt(L, assign_var(L, b->idx, val, val->loc)));
	}
	VEC_FREE(paths);
	return L->failed ? NULL : prefix;
}

/* One arm of a struct-valued `c ? a : b`, copied field by field into the temporaries
 * under dst, with what it hoists (a load of a struct in memory, an inlined call's body):
 * all of it collected in *pre, which the caller puts under the arm's branch. */
static void cond_arm(Lower *L, CXCursor arm, CXType t, const char *dst, StmtVec *pre)
{
	StmtVec *save = L->pending;
	int hs = L->hoist_ok;
	const char *src;

	L->pending = pre;
	L->hoist_ok = 0;
	src = struct_src(L, arm);
	if (src)
		struct_copy(L, arm, t, dst, NULL, src);
	L->pending = save;
	L->hoist_ok = hs;
}

/* `c ? a : b` of struct type (C++ [expr.cond]: only the chosen operand is evaluated):
 * temporaries for the fields, then `if (c) { tmp = a; } else { tmp = b; }` before the
 * current statement, so an arm's effects (an inlined call) happen only when it is chosen;
 * a constant test keeps one arm. */
static const char *struct_cond(Lower *L, CXCursor x, CXType t)
{
	StmtVec ap = {0}, bp = {0};
	SrcLoc loc = cloc(L, x);
	KirExpr *c = cond_of(L, kid(x, 0));
	const char *prefix = struct_vars(L, t, "cond", KVK_TEMP, loc);
	KirStmt *s;

	if (!prefix || L->failed)
		return NULL;
	cond_arm(L, kid(x, 1), t, prefix, &ap);
	cond_arm(L, kid(x, 2), t, prefix, &bp);
	if (L->failed) {
		VEC_FREE(ap);
		VEC_FREE(bp);
		return NULL;
	}
	if (c->kind == KE_CONST) {
		StmtVec *keep = frontend_const_is_true(c->u.c) ? &ap : &bp;
		for (size_t i = 0; i < keep->len; i++)
			emit_pending(L, keep->data[i]);
		VEC_FREE(ap);
		VEC_FREE(bp);
		return prefix;
	}
	s = frontend_new_stmt(L->a, KS_IF, loc);
	s->u.if_.cond = c;
	s->u.if_.then = block_of(L, &ap, loc);
	s->u.if_.els = block_of(L, &bp, loc);
	VEC_FREE(ap);
	VEC_FREE(bp);
	emit_pending(L, s);
	return prefix;
}

const char *struct_src(Lower *L, CXCursor e)
{
	CXCursor x = e, v;
	enum CXCursorKind k;

	for (;;) {
		k = clang_getCursorKind(x);
		if ((k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) && nkids(x) == 1)
			x = kid(x, 0);
		else if (k == CXCursor_CXXFunctionalCastExpr && nkids(x) > 0 && is_record(clang_getCursorType(x)))
			x = kid(x, nkids(x) - 1);              /* `Half(v)`: the constructor call */
		else if (k == CXCursor_CompoundLiteralExpr && nkids(x) > 0)
			x = kid(x, nkids(x) - 1);              /* `(float2){a, b}`: its brace list */
		else if (k == CXCursor_CallExpr && clang_getCursorKind(clang_getCursorReferenced(x)) == CXCursor_Constructor &&
		         clang_Cursor_getNumArguments(x) == 1 && !is_user_ctor(clang_getCursorReferenced(x)))
			x = clang_Cursor_getArgument(x, 0);    /* a copy or move */
		else
			break;
	}
	if (bit_view(L, x, &v))                     /* `*(half2 *)&u`: a variable's bits */
		return bit_view_struct(L, x, v);
	if (is_bits_struct(L, x))                   /* `h2[i]`, h2 = (half2 *)&v4: part of them */
		return bits_struct(L, x);
	if (is_mem_lvalue(L, x) && struct_layout(clang_getCursorType(x), NULL, NULL))
		return struct_load(L, x, clang_getCursorType(x));
	if (k == CXCursor_DeclRefExpr)
		return dkey(L->a, clang_getCursorReferenced(x));
	if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(x) == CXUnaryOperator_Deref &&
	    var_struct_key(L, strip(kid(x, 0)), clang_getCursorType(x)))
		return var_struct_key(L, strip(kid(x, 0)), clang_getCursorType(x));     /* `*p` */
	if (k == CXCursor_MemberRefExpr && member_key(L, x))
		return member_key(L, x);
	if (k == CXCursor_ArraySubscriptExpr && subscript_key(L, x))
		return subscript_key(L, x);        /* `s.pts[1]`, pts held in variables */
	if (k == CXCursor_InitListExpr)
		return struct_list(L, x, clang_getCursorType(e));
	if (k == CXCursor_ConditionalOperator && nkids(x) == 3)
		return struct_cond(L, x, clang_getCursorType(e));
	if (k == CXCursor_CallExpr && is_user_ctor(clang_getCursorReferenced(x)))
		return lctor(L, x);
	if (is_value_init(x))
		return struct_value_init(L, x, clang_getCursorType(x));
	if (k == CXCursor_CallExpr && is_make_vector(L, x))
		return struct_args(L, x, clang_getCursorType(e));
	if (k == CXCursor_CallExpr && in_system(clang_getCursorReferenced(x)) &&
	    is_load_hint(spell(L->a, clang_getCursorReferenced(x))) && struct_layout(clang_getCursorType(x), NULL, NULL))
		return struct_load(L, x, clang_getCursorType(x));    /* `float4 v = __ldg(p)`: *p */
	if (k == CXCursor_CallExpr && in_system(clang_getCursorReferenced(x)) &&
	    !strncmp(spell(L->a, clang_getCursorReferenced(x)), "atomic", 6)) {
		error_at(L, e, "the old value of a vector atomic ('%s' of a '%s') cannot be translated: only the atomic as a statement can",
		         spell(L->a, clang_getCursorReferenced(x)), type_name(L->a, clang_getCursorType(x)));
		return NULL;
	}
	if (k == CXCursor_CallExpr) {
		int handled;
		const char *p = lhalf2_src(L, x, &handled);
		if (handled)
			return p;
		L->last_rkey = NULL;
		lcall(L, x);
		if (L->last_rkey || L->failed)
			return L->last_rkey;
	}
	if (!L->failed)
		error_at(L, e, "this struct value cannot be translated (a variable, a brace list or a call of a device function is needed)");
	return NULL;
}

/* ---- lambdas ---- */

/* The closure type of a lambda expression (libclang names it "(lambda at FILE:L:C)"). */
int is_lambda_type(CXType t)
{
	CXString s = clang_getTypeSpelling(clang_getCanonicalType(clang_getNonReferenceType(t)));
	int r = strstr(clang_getCString(s), "(lambda at ") != NULL;

	clang_disposeString(s);
	return r;
}

typedef struct Captured {
	Lower *L;
	CXCursor fn;
	const char *changed;     /* a variable of the enclosing code that changes, or NULL */
} Captured;

static enum CXChildVisitResult captured_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	Captured *k = d;
	CXCursor v = clang_getCursorReferenced(c);

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && !k->changed &&
	    (clang_getCursorKind(v) == CXCursor_VarDecl || clang_getCursorKind(v) == CXCursor_ParmDecl) &&
	    !clang_equalCursors(clang_getCursorSemanticParent(v), k->fn) &&
	    map_has(k->L->cx->devassigned, dkey(k->L->a, v)))
		k->changed = spell(k->L->a, v);
	return CXChildVisit_Recurse;
}

/* A call of a lambda: its body inlined at the call, where the variables it captures
 * are the enclosing ones. That is the lambda's meaning when each captured variable keeps
 * its value (a copy capture sees the value at creation): one that changes anywhere in
 * the kernel is refused. */
KirExpr *llambda_call(Lower *L, CXCursor c, CXCursor fn)
{
	CXCursor def = clang_getCursorDefinition(fn);
	Captured k = {L, def, NULL};

	if (clang_Cursor_isNull(def)) {
		error_at(L, c, "this lambda call cannot be translated");
		return poison(L, c);
	}
	clang_visitChildren(def, captured_visit, &k);
	if (k.changed) {
		error_at(L, c, "a lambda that uses '%s', which changes in the kernel, cannot be translated (a copy would keep its value at creation)", k.changed);
		return poison(L, c);
	}
	L->next_this = NULL;
	return inline_def(L, c, def);
}
