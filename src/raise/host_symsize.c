/* host_symsize.c: --entry with buffers of --symbolic size (tensor<?xT>, docs/symbolic.md)
 * carried by a loop whose body reassigns the pointers to them (`t = u; u = un; un = t;`).
 * The loop is a stablehlo.while (host.c hr_while) whose slots take the contents of the
 * buffer each pointer names at the end of a trip: a swap of u (S_u elements) and un (S_un)
 * carries S_u elements in one slot and S_un in the other, then the other way round, and a
 * while's carried types must not change from trip to trip.
 *
 * So every buffer of symbolic size that such a pointer names at loop entry (the group) is
 * cut at entry to the group's least size m = min(S_u, S_un, ...): the while carries
 * tensors of m elements (one type: m is the same value in every slot), and each kernel
 * launched in the body sees buffers of m elements. Its shape assertion checks the launch
 * against m (messages name it "min(size(u), size(un))"), which is exact for the swap: the
 * assumption a kernel needs grows with the sizes (an access in bounds stays so in a larger
 * buffer), so it holds for m if and only if it holds for every assignment of the group's
 * buffers to the kernel's pointers; a program that needs the larger buffer's elements past
 * m is refused at run time with the message, never run on a part of the buffer. Under that
 * assumption no thread touches an element at or past m, so at loop exit each buffer is its
 * contents before the loop with the first m elements replaced by what the loop left there
 * (dynamic_update_slice at 0): the elements past m keep their values, as on the GPU.
 * Buffers of static size in such a group with one of symbolic size are refused (their
 * slots would differ in type). A group of one symbolic buffer needs nothing. A group of
 * static sizes that differ (u of 600 elements, un of 512) is cut the same way to its least
 * size, statically (slice; the kernels are raised for it, and their bounds checks refuse
 * at conversion what needs more); before, the while's slots changed type (an invalid
 * module). Static groups of one size are left as they were. */
#include "host_int.h"

#include <string.h>

static int i64_dim(Hr *h, int x)
{
	TOp *op = tir_build_op(&h->b, TOP_GET_DIMENSION_SIZE, &x, 1);
	int v;
	tir_op_set_int(h->f, op, "dimension", 0);
	v = tir_op_add_result(h->f, op, tir_type_scalar(DT_I32));
	return tir_build_convert(&h->b, v, DT_I64);
}

/* The first m elements of x (m a 0-d i64): tensor<?xT>. */
static int cut(Hr *h, int x, int m)
{
	int ops[4] = {x, tir_build_splat_int(&h->b, tir_type_vector(DT_I64, 1), 0),
	              tir_build_reshape(&h->b, m, tir_type_vector(DT_I64, 1)),
	              tir_build_splat_int(&h->b, tir_type_vector(DT_I64, 1), 1)};
	TOp *op = tir_build_op(&h->b, TOP_REAL_DYNAMIC_SLICE, ops, 4);
	return tir_op_add_result(h->f, op, *tir_value_type(h->f, x));
}

/* The objects of the group: those the loop's reassigned pointer variables name at entry. */
static int group_of(Hr *h, const HostStmt *s, int *obj, int *nsym)
{
	size_t nv = h->hf->nvars;
	char *as = ARENA_ARRAY(h->a, char, nv + 1);
	int n = 0;
	host_note_assigned(s->u.for_.body, as);
	*nsym = 0;
	for (size_t v = 0; v < nv; v++) {
		int o = h->pv[v], seen = 0;
		if (h->hf->vars[v].type != KT_PTR || !as[v] || o < 0)
			continue;
		for (int j = 0; j < n; j++)
			seen |= obj[j] == o;
		if (seen)
			continue;
		obj[n++] = o;
		*nsym += h->objs.data[o].n == 0;
	}
	return n;
}

static void keep(Hr *h, const int *obj, int n, HostSymLoop *sl)
{
	sl->n = n;
	sl->obj = (int *)obj;
	sl->whole = ARENA_ARRAY(h->a, int, n);
	sl->label = ARENA_ARRAY(h->a, const char *, n);
	sl->size = ARENA_ARRAY(h->a, int64_t, n);
	for (int j = 0; j < n; j++) {
		sl->whole[j] = h->objs.data[obj[j]].val;
		sl->label[j] = h->objs.data[obj[j]].label;
		sl->size[j] = h->objs.data[obj[j]].n;
	}
}

/* Static sizes: cut to the least when they differ (the kernels are raised for it). */
static void static_group(Hr *h, const int *obj, int n, HostSymLoop *sl)
{
	int64_t m = h->objs.data[obj[0]].n, z = 0;
	int differ = 0;
	for (int j = 1; j < n; j++) {
		differ |= h->objs.data[obj[j]].n != m;
		if (h->objs.data[obj[j]].n < m)
			m = h->objs.data[obj[j]].n;
	}
	if (!differ)
		return;
	keep(h, obj, n, sl);
	for (int j = 0; j < n; j++) {
		Obj *o = &h->objs.data[obj[j]];
		if (o->n != m)
			o->val = tir_build_slice(&h->b, o->val, &z, &m, NULL);
		o->n = m;
	}
}

void host_sym_loop_enter(Hr *h, const HostStmt *s, HostSymLoop *sl)
{
	int *obj = ARENA_ARRAY(h->a, int, h->objs.len + 1), nsym, n = group_of(h, s, obj, &nsym), m = -1;
	int same = 1;
	StrBuf lab = {0};
	const char *label;
	memset(sl, 0, sizeof *sl);
	if (n < 2)
		return;
	if (nsym == 0) {
		static_group(h, obj, n, sl);
		return;
	}
	if (nsym < n) {
		const Obj *a = NULL, *b = NULL;
		for (int j = 0; j < n; j++)
			*(h->objs.data[obj[j]].n ? &b : &a) = &h->objs.data[obj[j]];
		host_error(h, s->loc, "this loop reassigns the pointers to '%s', whose size is --symbolic, "
		           "and to '%s' (%lld elements): a loop may swap buffers of symbolic size only "
		           "with each other (give --size %s=N too, or leave '%s' without --size)",
		           a->name, b->name, (long long)b->n, a->name, b->name);
	}
	sb_printf(&lab, "min(");
	for (int j = 0; j < n; j++) {
		int d = i64_dim(h, h->objs.data[obj[j]].val);
		m = m < 0 ? d : tir_build_binary(&h->b, TOP_MINIMUM, m, d);
		sb_printf(&lab, "%s%s", j ? ", " : "", h->objs.data[obj[j]].label);
		same &= !strcmp(h->objs.data[obj[j]].label, h->objs.data[obj[0]].label);
	}
	sb_printf(&lab, ")");
	/* one label already (a loop nested in one that cut the same group): its size */
	label = same ? h->objs.data[obj[0]].label : arena_strdup(h->a, sb_str(&lab));
	sb_free(&lab);
	keep(h, obj, n, sl);
	for (int j = 0; j < n; j++) {
		Obj *o = &h->objs.data[obj[j]];
		o->val = cut(h, o->val, m);
		o->label = label;
	}
}

void host_sym_loop_exit(Hr *h, const HostSymLoop *sl)
{
	for (int j = 0; j < sl->n; j++) {
		Obj *o = &h->objs.data[sl->obj[j]];
		int zero;
		o->label = sl->label[j];
		if (o->n == sl->size[j] && o->n)      /* a static size the loop kept */
			continue;
		o->n = sl->size[j];
		zero = tir_build_splat_int(&h->b, tir_type_scalar(DT_I64), 0);
		o->val = tir_build_dynamic_update_slice(&h->b, sl->whole[j], o->val, &zero);
	}
}
