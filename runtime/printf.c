/* printf.c: the text of a module's device printf sites (module attribute cuda2hlo.printf,
 * written by the frontend's printf.c; docs/idioms.md "Device printf").
 *
 * Consumes the description (the geometry `GX GY GZ BX BY BZ;`, then per site
 * `p BUFFER TYPES HEXFORMAT;` or, for a device assert, `a BUFFER - HEXMESSAGE;`) and,
 * per site, the i64 result named BUFFER: one record per thread of 1 + nargs elements,
 * the fired flag then the promoted arguments (an assert: the flag alone); a run-time bounds
 * check (frontend oobguard.c) is `o BUFFER - HEXMESSAGE;`, BUFFER one i64, the thread
 * count minus the linear id of the first thread whose index left its buffer (0: none),
 * printed after the asserts as one of them for that thread; `o BUFFER i|u HEXMESSAGE;`
 * holds that count shifted left by 32 and the thread's index in the low 32 bits (an int,
 * an unsigned), the message's seventh conversion. Produces the
 * printed text of one kind (printf, or the failed asserts' messages: the first per
 * thread, CUDA stopping a thread there, with its block and thread) in a fixed order: threads in linear order (block-major: blockIdx x
 * fastest, then threadIdx x fastest), within a thread the sites in source order. CUDA
 * orders no two threads' output, so this is one order a GPU may show. Each conversion
 * is formatted by the C library's snprintf with the value converted to the type its
 * length modifier names, as the C library would read the promoted argument. */
#include "runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Site {
	char kind;               /* 'p' printf, 'a' assert */
	const char *buf;         /* result name */
	char types[64];          /* argument letters (i u l L d) */
	int nargs;
	char *fmt;               /* decoded format */
	const int64_t *rec;      /* the result's data */
	int64_t count;
} Site;

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* One conversion, spec[0..len) from its '%', of value v (argument letter t), into out. */
static void convert(StrBuf *out, const char *spec, size_t len, int64_t v, char t)
{
	char sp[64], buf[512], conv = spec[len - 1];
	int l = 0, n;
	double d;

	if (len >= sizeof sp)
		return;
	memcpy(sp, spec, len);
	sp[len] = 0;
	for (size_t i = 1; i + 1 < len; i++)
		l += spec[i] == 'l' || spec[i] == 'j' || spec[i] == 'z' || spec[i] == 't' ? 1 + (spec[i] != 'l') : 0;
	if (strchr("fFeEgGaA", conv)) {
		memcpy(&d, &v, sizeof d);
		n = snprintf(buf, sizeof buf, sp, d);
	} else if (conv == 'c') {
		n = snprintf(buf, sizeof buf, sp, (int)v);
	} else if (conv == 'd' || conv == 'i') {
		n = l >= 2 ? snprintf(buf, sizeof buf, sp, (long long)v) : l ? snprintf(buf, sizeof buf, sp, (long)v)
		                                                            : snprintf(buf, sizeof buf, sp, (int)v);
	} else {
		n = l >= 2 ? snprintf(buf, sizeof buf, sp, (unsigned long long)v)
		  : l ? snprintf(buf, sizeof buf, sp, (unsigned long)v) : snprintf(buf, sizeof buf, sp, (unsigned)v);
	}
	(void)t;
	if (n > 0)
		sb_appendn(out, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* The format fmt with the record's arguments args, into out. */
static void format(StrBuf *out, const Site *s, const int64_t *args)
{
	int k = 0;

	for (const char *p = s->fmt; *p; p++) {
		size_t i = 1;
		if (*p != '%') {
			sb_putc(out, *p);
			continue;
		}
		while (p[i] && !strchr("diuxXocfFeEgGaA%", p[i]))
			i++;
		if (!p[i])
			return;
		if (p[i] == '%')
			sb_putc(out, '%');
		else if (k < s->nargs) {
			convert(out, p, i + 1, args[k], s->types[k]);
			k++;
		}
		p += i;
	}
}

static int parse_site(char *item, Site *s)
{
	char *sp1, *sp2, *hex;
	size_t n;

	if ((item[0] != 'p' && item[0] != 'a' && item[0] != 'o') || item[1] != ' ' || !(sp1 = strchr(item + 2, ' ')) || !(sp2 = strchr(sp1 + 1, ' ')))
		return 0;
	*sp1 = *sp2 = 0;
	s->kind = item[0];
	s->buf = item + 2;
	if (strcmp(sp1 + 1, "-")) {
		if (strlen(sp1 + 1) >= sizeof s->types)
			return 0;
		strcpy(s->types, sp1 + 1);
	}
	s->nargs = (int)strlen(s->types);
	if ((s->kind == 'a' && s->nargs) || (s->kind == 'o' && s->nargs && strcmp(s->types, "i") && strcmp(s->types, "u")))
		return 0;
	hex = sp2 + 1;
	n = strlen(hex) / 2;
	s->fmt = xmalloc(n + 1);
	for (size_t i = 0; i < n; i++) {
		int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return 0;
		s->fmt[i] = (char)(hi * 16 + lo);
	}
	s->fmt[n] = 0;
	return 1;
}

/* The block's and the thread's x, y, z of linear thread t (block-major) as an assert's
 * arguments. */
static void coords(const long long g[6], int64_t t, int64_t out[6])
{
	int64_t nb = g[3] * g[4] * g[5], b = t / nb, th = t % nb;
	out[0] = b % g[0], out[1] = b / g[0] % g[1], out[2] = b / (g[0] * g[1]);
	out[3] = th % g[3], out[4] = th / g[3] % g[4], out[5] = th / (g[3] * g[4]);
}

char *rt_printf_text(const char *desc, char kind, RtPrintfFind find, void *ctx, char *why, size_t whylen)
{
	char *text = xstrdup(desc), *save = NULL, *item;
	long long g[6];
	int64_t nt = 1;
	Site *sites = NULL;
	size_t nsites = 0;
	StrBuf out = {0};
	int ok = 1;

	item = strtok_r(text, ";", &save);
	if (!item || sscanf(item, "%lld %lld %lld %lld %lld %lld", &g[0], &g[1], &g[2], &g[3], &g[4], &g[5]) != 6)
		ok = 0;
	for (int i = 0; ok && i < 6; i++)
		nt *= g[i] = g[i] > 0 ? g[i] : 1;
	while (ok && (item = strtok_r(NULL, ";", &save))) {
		Site s = {0};
		sites = xrealloc(sites, (nsites + 1) * sizeof *sites);
		ok = parse_site(item, &s);
		sites[nsites++] = s;
		if (ok && (!(s.rec = find(ctx, s.buf, &sites[nsites - 1].count)) ||
		           sites[nsites - 1].count != (s.kind == 'o' ? 1 : nt * (1 + (s.kind == 'p' ? s.nargs : 0))))) {
			snprintf(why, whylen, "cuda2hlo.printf: result '%s' is missing or has the wrong size", s.buf);
			ok = -1;
		}
		sites[nsites - 1].rec = s.rec;
	}
	if (!ok)
		snprintf(why, whylen, "malformed cuda2hlo.printf attribute");
	/* the per-thread records of this kind only: a module whose only sites are bounds
	 * checks (one element each) walks no thread (HeCBench bitonic-sort: two walks of
	 * 2^25 threads per launch, printf then asserts, were its 180 ms of "copies") */
	size_t *mine = xcalloc(nsites + 1, sizeof *mine), nmine = 0;
	for (size_t i = 0; ok > 0 && i < nsites; i++)
		if (sites[i].kind == kind && kind != 'o')
			mine[nmine++] = i;
	for (int64_t t = 0; nmine && t < nt; t++)
		for (size_t j = 0; j < nmine; j++) {
			const Site *s = &sites[mine[j]];
			int64_t xyz[6];
			const int64_t *r;
			r = s->rec + t * (1 + (s->kind == 'p' ? s->nargs : 0));
			if (!r[0])
				continue;
			if (kind == 'p') {
				format(&out, s, r + 1);
				continue;
			}
			Site as = *s;         /* CUDA stops a thread at its first failed assert */
			strcpy(as.types, "uuuuuu");
			as.nargs = 6;
			coords(g, t, xyz);
			format(&out, &as, xyz);
			break;
		}
	for (size_t i = 0; ok > 0 && kind == 'a' && i < nsites; i++) {
		Site as = sites[i];       /* a run-time bounds check: the thread its record names */
		int64_t xyz[7], who;
		if (as.kind != 'o' || as.rec[0] <= 0)
			continue;
		/* types "i"/"u": (threads - thread) << 32 | the index's 32 bits (oobguard.c) */
		who = as.nargs ? as.rec[0] >> 32 : as.rec[0];
		xyz[6] = as.types[0] == 'i' ? (int64_t)(int32_t)(uint32_t)as.rec[0] : (int64_t)(uint32_t)as.rec[0];
		strcpy(as.types, as.types[0] == 'i' ? "uuuuuui" : as.types[0] == 'u' ? "uuuuuuu" : "uuuuuu");
		as.nargs = (int)strlen(as.types);
		coords(g, who <= nt ? nt - who : 0, xyz);
		format(&out, &as, xyz);
	}
	for (size_t i = 0; i < nsites; i++)
		free(sites[i].fmt);
	free(mine);
	free(sites);
	free(text);
	if (ok <= 0) {
		sb_free(&out);
		return NULL;
	}
	return out.s ? sb_take(&out) : xstrdup("");
}
