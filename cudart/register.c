/* register.c: what each object's constructor registers. clang (with
 * -fcuda-include-gpubinary FILE, as cuda2hlo-cc runs it) emits a constructor that calls
 * __cudaRegisterFatBinary with a wrapper around FILE's bytes, then __cudaRegisterFunction
 * for every kernel stub and __cudaRegisterVar for every __device__ / __constant__
 * variable. FILE is cuda2hlo-cc's payload, NUL-terminated text (cc.c writes it):
 *
 *   cuda2hlo-device-code 1
 *   file /abs/app.cu
 *   flag -I/abs/include            (zero or more: -I, -D, -U, -std=)
 *   rdc                            (when compiled with -dc / -rdc=true)
 *   source BYTES
 *   <BYTES bytes of the .cu as compiled>
 *
 * A kernel is known by its stub's address; its frontend name ("scale<float>") comes from
 * the demangled device name. Nothing here raises anything: that waits for a launch. */
#include "cudart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* clang's fat binary wrapper (CodeGen/CGCUDANV.cpp): magic, version, data, unused. */
typedef struct {
	int magic, version;
	const char *data;
	void *unused;
} FatbinWrapper;

enum { FATBIN_MAGIC = 0x466243b1 };

static struct {
	CudartKernel *k;
	size_t nk, capk;
	CudartCode **c;          /* every registered object's code, in registration order */
	size_t nc, capc;
	CudartVar *v;
	size_t nv, capv;
} reg;

char *__cxa_demangle(const char *mangled, char *out, size_t *len, int *status);

uint64_t cudart_hash(const void *data, size_t len, uint64_t h)
{
	const unsigned char *p = data;
	if (!h)
		h = 1469598103934665603ull;
	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

static _Noreturn void bad_payload(const char *why)
{
	fprintf(stderr, "cuda2hlo: an object's device code is not cuda2hlo-cc's (%s); "
	        "was it compiled by another compiler?\n", why);
	exit(1);
}

/* Parses the payload text into a CudartCode (never freed: it lives as long as the program). */
static CudartCode *parse_payload(const char *t)
{
	CudartCode *c = calloc(1, sizeof *c);
	const char *nl;
	if (!c || strncmp(t, "cuda2hlo-device-code 1\n", 23))
		bad_payload("no cuda2hlo-device-code header");
	t += 23;
	c->flags = calloc(64, sizeof *c->flags);
	while ((nl = strchr(t, '\n')) != NULL) {
		if (!strncmp(t, "file ", 5))
			c->file = strndup(t + 5, (size_t)(nl - t - 5));
		else if (!strncmp(t, "rdc\n", 4))
			c->rdc = 1;
		else if (!strncmp(t, "flag ", 5) && c->nflags < 64)
			c->flags[c->nflags++] = strndup(t + 5, (size_t)(nl - t - 5));
		else if (!strncmp(t, "source ", 7)) {
			size_t n = strtoull(t + 7, NULL, 10);
			if (strlen(nl + 1) != n)
				bad_payload("source length");
			c->source = nl + 1;
			break;
		} else
			bad_payload("unknown line");
		t = nl + 1;
	}
	if (!c->file || !c->source)
		bad_payload("no file or source");
	c->hash = cudart_hash(c->file, strlen(c->file), 0);
	for (size_t i = 0; i < c->nflags; i++)
		c->hash = cudart_hash(c->flags[i], strlen(c->flags[i]) + 1, c->hash);
	c->hash = cudart_hash(c->source, strlen(c->source), c->hash);
	return c;
}

void **__cudaRegisterFatBinary(void *fatbin)
{
	const FatbinWrapper *w = fatbin;
	if (!w || w->magic != FATBIN_MAGIC || !w->data)
		bad_payload("bad fat binary wrapper");
	if (reg.nc == reg.capc) {
		reg.capc = reg.capc ? 2 * reg.capc : 16;
		reg.c = realloc(reg.c, reg.capc * sizeof *reg.c);
		if (!reg.c)
			bad_payload("out of memory");
	}
	reg.c[reg.nc] = parse_payload(w->data);
	return (void **)reg.c[reg.nc++];
}

/* The i-th registered code with relocatable device code (-dc / -rdc=true), NULL past the
 * last: the program's files whose device functions each other's calls may reach. */
const CudartCode *cudart_rdc_code(size_t i)
{
	for (size_t j = 0; j < reg.nc; j++)
		if (reg.c[j]->rdc && !i--)
			return reg.c[j];
	return NULL;
}

/* What a module or signature raised from c depends on: c's hash, and with relocatable
 * device code the hashes of every such file of the program, which may be joined to it. */
uint64_t cudart_code_key(const CudartCode *c)
{
	uint64_t h = c->hash;
	const CudartCode *o;

	for (size_t i = 0; c->rdc && (o = cudart_rdc_code(i)) != NULL; i++)
		if (o != c)
			h = cudart_hash(&o->hash, sizeof o->hash, h);
	return h;
}

void __cudaRegisterFatBinaryEnd(void **handle)
{
	(void)handle;
}

void __cudaUnregisterFatBinary(void **handle)
{
	(void)handle;   /* the code stays: kernels may be named in messages at exit */
}

/* "void scale<float>(float*, float, int)" -> "scale<float>"; "k2(float*, int)" -> "k2". */
static char *frontend_name(const char *mangled)
{
	int st = 0;
	char *d = __cxa_demangle(mangled, NULL, NULL, &st);
	if (st || !d)
		return strdup(mangled);         /* extern "C" kernels are not mangled */
	char *open = d;
	int depth = 0;
	for (; *open; open++) {              /* the '(' of the parameter list */
		if (*open == '<')
			depth++;
		else if (*open == '>')
			depth--;
		else if (*open == '(' && depth == 0)
			break;
	}
	*open = 0;
	const char *start = d;
	if (!strncmp(d, "void ", 5) && strchr(d, '<'))   /* a template's return type */
		start = d + 5;
	char *name = strdup(start);
	free(d);
	return name;
}

/* "_Z4maskIfE" -> "mask<float>", "_ZN2ns2tbIdLi4EEE" -> "tb<double,4>", "c" -> "c": a
 * variable template's instance as the frontend names its module input
 * (src/frontend/vartmpl.c): without the namespace qualifier, no space after a comma. */
static char *var_name(const char *mangled)
{
	char *name = frontend_name(mangled), *w = name;
	size_t q = 0;

	for (size_t i = 0; name[i] && name[i] != '<'; i++)
		if (name[i] == ':' && name[i + 1] == ':')
			q = i + 2;
	for (const char *r = name + q; *r; r++)
		if (!(*r == ' ' && r > name + q && r[-1] == ','))
			*w++ = *r;
	*w = 0;
	return name;
}

int __cudaRegisterFunction(void **handle, const char *stub, char *devfun, const char *devname,
                           int limit, void *tid, void *bid, void *bdim, void *gdim, int *wsize)
{
	(void)devname, (void)limit, (void)tid, (void)bid, (void)bdim, (void)gdim, (void)wsize;
	if (reg.nk == reg.capk) {
		reg.capk = reg.capk ? 2 * reg.capk : 32;
		reg.k = realloc(reg.k, reg.capk * sizeof *reg.k);
		if (!reg.k)
			bad_payload("out of memory");
	}
	reg.k[reg.nk++] = (CudartKernel){.stub = stub, .mangled = devfun, .name = frontend_name(devfun), .code = (CudartCode *)handle};
	return 0;
}

void __cudaRegisterVar(void **handle, char *host, char *devaddr, const char *devname, int ext,
                       size_t size, int constant, int global)
{
	(void)handle, (void)devaddr, (void)ext, (void)global;
	if (reg.nv == reg.capv) {
		reg.capv = reg.capv ? 2 * reg.capv : 32;
		reg.v = realloc(reg.v, reg.capv * sizeof *reg.v);
		if (!reg.v)
			bad_payload("out of memory");
	}
	reg.v[reg.nv++] = (CudartVar){host, devname, var_name(devname), size, constant,
	                              cudart_version_next()};
}

void __cudaRegisterManagedVar(void **handle, void **host, char *devaddr, const char *devname,
                              int ext, size_t size, int constant, int global)
{
	(void)handle, (void)host, (void)devaddr, (void)devname, (void)ext, (void)size;
	(void)constant, (void)global;
	cudart_unimplemented("__managed__ variables (__cudaRegisterManagedVar)");
}

const CudartKernel *cudart_kernel_find(const void *stub)
{
	for (size_t i = 0; i < reg.nk; i++)
		if (reg.k[i].stub == stub)
			return &reg.k[i];
	return NULL;
}

const CudartVar *cudart_var_find(const void *host)
{
	for (size_t i = 0; i < reg.nv; i++)
		if ((const char *)host >= (char *)reg.v[i].host
		    && (const char *)host < (char *)reg.v[i].host + reg.v[i].bytes)
			return &reg.v[i];
	return NULL;
}

void cudart_var_written(const void *p)
{
	CudartVar *v = (CudartVar *)cudart_var_find(p);
	if (v)
		v->version = cudart_version_next();
}

/* The variable whose device name is `name`, else the one variable the frontend names so
 * (var_name: "mask<float>"; two that share it, in two namespaces, are none). */
const CudartVar *cudart_var_named(const char *name)
{
	const CudartVar *v = NULL;

	for (size_t i = 0; i < reg.nv; i++)
		if (!strcmp(reg.v[i].name, name))
			return &reg.v[i];
	for (size_t i = 0; i < reg.nv; i++)
		if (!strcmp(reg.v[i].fname, name)) {
			if (v)
				return NULL;
			v = &reg.v[i];
		}
	return v;
}
