/* union.c: anonymous struct and union members, and unions held in variables.
 * An anonymous member (`struct { int xmin, xmax; };`, `union { ... };` inside a struct)
 * adds no segment to a field's key: `w.xmin` is "KEY.xmin" wherever it is declared.
 * A union of scalars of one size is held as its first member; every scalar of another
 * member is that first-member scalar at the same byte offset, with the same type
 * (`union { struct { int lo, hi; }; int el[2]; }`: el[1] is hi), one bind under two
 * keys. A scalar of another type of the same size at a first-member scalar's offset
 * (`union { float f; uint32_t i; }`, the type-punning idiom) is that scalar's bits as its
 * type: a bitcast when read, the assigned value's bits when assigned (a BK_VIEW bind,
 * held in a variable only). Any other union (members of different sizes at one offset, a
 * member larger than the first, a pointer or bool) is refused where it is walked. */
#include "parse.h"

int is_union(CXType t)
{
	CXType ct = clang_getCanonicalType(t);

	return ct.kind == CXType_Record && clang_getCursorKind(clang_getTypeDeclaration(ct)) == CXCursor_UnionDecl;
}

/* Whether field f is an anonymous struct or union member (no name of its own). */
int anon_member(CXCursor f)
{
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(clang_getCursorType(f)));

	return !clang_Cursor_isNull(d) && clang_Cursor_isAnonymousRecordDecl(d);
}

/* The key of field f under prefix: the prefix itself for an anonymous member. */
const char *member_field_key(Arena *a, const char *prefix, CXCursor f)
{
	if (anon_member(f))
		return prefix;
	return arena_printf(a, "%s.%s", prefix, spell(a, f));
}

typedef struct Slot {
	const char *path;
	long long off;
	CXType t;
} Slot;

typedef VEC(Slot) SlotVec;

typedef struct Slots {
	Lower *L;
	const char *prefix;
	long long base;
	SlotVec *out;
	int first_only, seen, bad;
} Slots;

static void add_slots(Lower *L, SlotVec *out, const char *path, long long off, CXType t, int *bad);

static enum CXVisitorResult slot_visit(CXCursor f, CXClientData d)
{
	Slots *s = d;
	long long bits = clang_Cursor_getOffsetOfField(f);

	if (s->first_only && s->seen++)
		return CXVisit_Break;
	if (bits < 0 || bits % 8) {     /* a bit-field */
		s->bad = 1;
		return CXVisit_Break;
	}
	add_slots(s->L, s->out, member_field_key(s->L->a, s->prefix, f), s->base + bits / 8, clang_getCursorType(f), &s->bad);
	return CXVisit_Continue;
}

/* The scalars (and pointers) of an object of type t at byte offset off, under key path,
 * as they are held in binds: a union as its first member, arrays of at most
 * FIELD_ELEMS_MAX scalars element by element. *bad: an array larger than that. */
static void add_slots(Lower *L, SlotVec *out, const char *path, long long off, CXType t, int *bad)
{
	CXType ct = clang_getCanonicalType(t);

	if (is_record(t)) {
		Slots s = {L, path, off, out, is_union(t), 0, 0};
		visit_fields(L, ct, slot_visit, &s);
		*bad |= s.bad;
	} else if (ct.kind == CXType_ConstantArray) {
		CXType et = clang_getArrayElementType(ct);
		long long n = array_elems(ct, NULL, NULL);
		if (n <= 0 || n > FIELD_ELEMS_MAX) {
			*bad = 1;
			return;
		}
		for (long long i = 0; i < clang_getArraySize(ct); i++)
			add_slots(L, out, arena_printf(L->a, "%s[%lld]", path, i), off + i * clang_Type_getSizeOf(et), et, bad);
	} else {
		Slot sl = {path, off, ct};
		VEC_PUSH(*out, sl);
	}
}

/* Whether t is a scalar whose bits another scalar of its size may be read as: an
 * integer, floating or half type of its full size (not a pointer, bool or enum). */
static int pun_scalar(CXType t)
{
	KirDType d = dt_of(t);

	return clang_getCanonicalType(t).kind != CXType_Enum && d != KT_VOID && d != KT_PTR && d != KT_I1 &&
	       frontend_dtype_bytes(d) == clang_Type_getSizeOf(t);
}

typedef struct Members {
	CursorVec v;
} Members;

static enum CXVisitorResult member_visit(CXCursor f, CXClientData d)
{
	Members *m = d;

	VEC_PUSH(m->v, f);
	return CXVisit_Continue;
}

/* Walks union type t at key as its first member (w->fn, as walk_fields does for a
 * struct's fields), then binds every scalar of the other members to the first member's
 * scalar at the same offset. */
void walk_union(FieldWalk *w, CXType t, const char *key, const char *name)
{
	Lower *L = w->L;
	CXType ct = clang_getCanonicalType(t);
	CXCursor ud = clang_getTypeDeclaration(ct);
	Members m = {{0}};
	SlotVec first = {0};
	FieldWalk sub = *w;
	int bad = 0;

	clang_Type_visitFields(ct, member_visit, &m);
	if (!m.v.len) {
		error_at(L, ud, "a union without members is not supported");
		goto out;
	}
	add_slots(L, &first, member_field_key(L->a, key, m.v.data[0]), 0, clang_getCursorType(m.v.data[0]), &bad);
	if (bad || clang_Type_getSizeOf(clang_getCursorType(m.v.data[0])) != clang_Type_getSizeOf(ct)) {
		error_at(L, ud, "union '%s' is not supported: its first member must hold all of it (scalars and arrays of at most %d elements, no bit-fields), as the other members are read through it",
		         type_name(L->a, t), FIELD_ELEMS_MAX);
		goto out;
	}
	sub.prefix = key;
	sub.name = name;
	sub.fn(&sub, m.v.data[0], member_field_key(L->a, key, m.v.data[0]), member_field_key(L->a, name, m.v.data[0]));
	for (size_t i = 1; i < m.v.len && !L->failed; i++) {
		SlotVec other = {0};
		add_slots(L, &other, member_field_key(L->a, key, m.v.data[i]), 0, clang_getCursorType(m.v.data[i]), &bad);
		for (size_t j = 0; j < other.len && !bad; j++) {
			size_t k = 0;
			Bind *fb;
			while (k < first.len && first.data[k].off != other.data[j].off)
				k++;
			fb = k < first.len ? find_bind(L, first.data[k].path) : NULL;
			if (!fb)
				bad = 1;
			else if (clang_equalTypes(first.data[k].t, other.data[j].t))
				put_bind(L, other.data[j].path, fb);
			else if (fb->kind == BK_VAR && pun_scalar(first.data[k].t) && pun_scalar(other.data[j].t) &&
			         clang_Type_getSizeOf(first.data[k].t) == clang_Type_getSizeOf(other.data[j].t)) {
				Bind *vb = new_bind(L, BK_VIEW);
				vb->idx = fb->idx;
				vb->view = dt_of(other.data[j].t);
				put_bind(L, other.data[j].path, vb);
			} else
				bad = 1;
		}
		VEC_FREE(other);
		if (bad)
			error_at(L, m.v.data[i], "union member '%s' is not supported: each of its scalars must be a scalar of the union's first member at the same offset, of the same type or another integer or floating type of the same size",
			         anon_member(m.v.data[i]) ? type_name(L->a, clang_getCursorType(m.v.data[i])) : spell(L->a, m.v.data[i]));
	}
out:
	VEC_FREE(first);
	VEC_FREE(m.v);
}
