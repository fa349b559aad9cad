/* flags.c: the command line's values checked against the kernel they bind. Consumes
 * the text of --set and --size, the launch configuration (from the flags or the host
 * code) and the converted kernels; produces the bound values, or a located error when a
 * value cannot be taken exactly: an integer outside its parameter's type (never
 * wrapped), a float that is not finite in its type unless the text says inf or nan, a
 * byte count beyond 64 bits, a launch beyond CUDA's limits (base.h), or a --set/--size
 * naming no parameter of any converted kernel. Afterwards every bound value is exactly
 * the one given. */
#include "parse.h"

#include <errno.h>
#include <math.h>
#include <strings.h>

/* ---- --set NAME=VALUE ---- */

/* 1 when v (negative when neg) lies in integer type t's range. */
static int int_fits(int64_t v, int neg, KirDType t)
{
	int bits = t == KT_I1 ? 1 : 8 * frontend_dtype_bytes(t);
	uint64_t u = (uint64_t)v;

	if (t == KT_I1 || !frontend_dtype_is_signed(t))
		return !neg && (bits == 64 || u < (uint64_t)1 << bits);
	if (neg)
		return bits == 64 || v >= -((int64_t)1 << (bits - 1));
	return u <= ((uint64_t)1 << (bits - 1)) - 1;
}

static const char *int_value(const char *text, KirDType t, KirConst *out)
{
	KirConst c = {KT_I64, 0, 0};
	const char *p = text + strspn(text, " \t");
	int neg = *p == '-';
	char *end;

	if (!strcmp(text, "true") || !strcmp(text, "false")) {
		c.i = text[0] == 't';
	} else {
		errno = 0;
		c.i = neg ? strtoll(text, &end, 0) : (int64_t)strtoull(text, &end, 0);
		if (end == text || *end)
			return "not an integer";
		if (errno || !int_fits(c.i, neg, t))
			return "out of range";
	}
	*out = frontend_const_convert(c, t);
	return NULL;
}

static const char *float_value(const char *text, KirDType t, KirConst *out)
{
	const char *p = text + strspn(text, " \t+-");
	int named = !strncasecmp(p, "inf", 3) || !strncasecmp(p, "nan", 3), e;
	KirConst c = {KT_F64, 0, 0};
	char *end;

	errno = 0;
	c.f = strtod(text, &end);
	e = errno;
	if (end == text || *end)
		return "not a number";
	*out = frontend_const_convert(c, t);
	if (named)
		return NULL;
	if (!isfinite(out->f) || (t == KT_F16 && fabs(c.f) > 65504.0))
		return "not finite";
	if ((c.f != 0 && out->f == 0) || (e == ERANGE && c.f == 0))
		return "underflows to 0";
	return NULL;
}

const char *frontend_flag_value(const char *text, KirDType t, KirConst *out)
{
	return frontend_dtype_is_float(t) ? float_value(text, t, out) : int_value(text, t, out);
}

void frontend_flag_value_error(SrcLoc at, const char *name, const char *text, KirDType t, const char *why)
{
	diag_error(at, "--set %s=%s: %s for parameter type %s", name, text, why, frontend_dtype_name(t));
	if (!strcmp(why, "not finite"))
		diag_note(NOLOC, "write --set %s=inf (or nan) if that value is meant", name);
}

int flag_value(Lower *L, CXCursor at, const char *name, const char *text, KirDType t, KirConst *out)
{
	const char *why = frontend_flag_value(text, t, out);

	if (!why)
		return 1;
	frontend_flag_value_error(cloc(L, at), name, text, t, why);
	diag_note(NOLOC, "in kernel '%s'", L->k->name);
	L->failed = 1;
	return 0;
}

/* ---- --size BUF=N ---- */

int64_t flag_size(Lower *L, CXCursor at, const char *name, const char *text, CXType pointee)
{
	long long n = strtoll(text, NULL, 10);      /* in range: options_parse checked it */
	long long eb = clang_Type_getSizeOf(pointee);

	if (eb > 0 && n > INT64_MAX / eb) {
		error_at(L, at, "--size %s=%s: %lld elements of %lld bytes do not fit in 64 bits", name, text, n, eb);
		return 0;
	}
	return n;
}

/* ---- the launch ---- */

static int64_t static_shared_bytes(const KirKernel *k)
{
	int64_t n = 0;

	for (size_t i = 0; i < k->nbufs; i++)
		if (k->bufs[i].space == KSP_SHARED && !k->bufs[i].is_extern)
			n += k->bufs[i].count * frontend_dtype_bytes(k->bufs[i].elem);
	return n;
}

/* CUDA's limits (base.h) on k's launch, reported at the launch in host code (l) or at
 * the kernel when the flags gave it. */
void flag_check_launch(Lower *L, KirKernel *k, const KirLaunch *l)
{
	SrcLoc at = l && (l->have_config || l->have_block) ? l->loc : k->loc;
	const char *why = NULL;

	if (k->have_grid && !why)
		why = options_grid_error(k->grid);
	if (k->have_block && !why)
		why = options_block_error(k->block);
	if (k->have_grid && k->have_block && !why)
		why = options_threads_error(k->grid, k->block);
	if (!why)
		why = options_shmem_error(static_shared_bytes(k), k->shmem);
	if (why) {
		diag_error(at, "launch of '%s': %s", k->name, why);
		L->failed = 1;
	}
}

/* ---- names ---- */

static int names_param(const KernelVec *ks, const char *name, int ptr)
{
	for (size_t i = 0; i < ks->len; i++)
		for (size_t j = 0; j < ks->data[i].nparams; j++)
			if (!strcmp(ks->data[i].params[j].name, name) && (ks->data[i].params[j].type == KT_PTR) == ptr)
				return 1;
	return 0;
}

static void params_note(const KernelVec *ks)
{
	for (size_t i = 0; i < ks->len; i++) {
		StrBuf b = {0};
		for (size_t j = 0; j < ks->data[i].nparams; j++)
			sb_printf(&b, "%s%s", j ? ", " : "", ks->data[i].params[j].name);
		diag_note(ks->data[i].loc, "the parameters of kernel '%s': %s", ks->data[i].name, b.len ? sb_str(&b) : "none");
		sb_free(&b);
	}
}

static int unknown(const KernelVec *ks, const char *flag, const char *name, const char *what)
{
	diag_error(ks->data[0].loc, "%s %s: no converted kernel has a %s parameter of that name", flag, name, what);
	params_note(ks);
	return 1;
}

/* A --symbolic name must be an integer scalar parameter or a pointer without --size
 * (whose size is a symbol with any --symbolic anyway); a float scalar is an input
 * already (docs/symbolic.md). '*' names every integer scalar not bound by --set. */
static int check_symbolic(const Options *o, const KernelVec *ks, const char *name)
{
	if (!strcmp(name, "*"))        /* every integer scalar without --set */
		return 0;
	for (size_t i = 0; i < ks->len; i++)
		for (size_t j = 0; j < ks->data[i].nparams; j++) {
			const KirParam *p = &ks->data[i].params[j];
			if (strcmp(p->name, name))
				continue;
			if (p->type == KT_PTR && !options_get_size(o, name))
				continue;
			if (p->type == KT_PTR)
				diag_error(p->loc, "--symbolic %s: the size of buffer '%s' is also given to "
				           "--size: a size is either given or symbolic", name, name);
			else if (!frontend_dtype_is_int(p->type))
				diag_error(p->loc, "--symbolic %s: '%s' is not an integer scalar (an input of "
				           "the module already; only integer scalars can be symbolic)", name, name);
			else
				continue;
			diag_note(ks->data[i].loc, "in kernel '%s'", ks->data[i].name);
			return 1;
		}
	return names_param(ks, name, 0) || names_param(ks, name, 1) ? 0 :
	       unknown(ks, "--symbolic", name, "scalar or pointer");
}

int flag_check_names(const Options *o, const KernelVec *ks, const Map *host_sets)
{
	int bad = 0;

	if (!ks->len || o->batch_item)    /* a batch's flags may name other files' kernels */
		return 0;
	for (size_t i = 0; i < o->sets.len; i++)
		if (!names_param(ks, o->sets.data[i].name, 0) && !names_param(ks, o->sets.data[i].name, 1) &&
		    !(host_sets && map_has(host_sets, o->sets.data[i].name)))
			bad |= unknown(ks, "--set", o->sets.data[i].name, "scalar");
	for (size_t i = 0; i < o->sizes.len; i++)
		if (!names_param(ks, o->sizes.data[i].name, 1))
			bad |= unknown(ks, "--size", o->sizes.data[i].name, "pointer");
	for (size_t i = 0; i < o->offsets.len; i++)
		if (!names_param(ks, o->offsets.data[i].name, 1))
			bad |= unknown(ks, "--offset", o->offsets.data[i].name, "pointer");
	for (size_t i = 0; i < o->symbolic.len; i++)
		bad |= check_symbolic(o, ks, o->symbolic.data[i]);
	return bad;
}
