/* plugin.c: find a PJRT plugin, load it, check it, initialise it, create a client.
 *
 * Consumes a plugin spec (a path, "cpu", "cuda", or nothing) and produces a
 * PjrtBackend: the dlopen handle, the plugin's function table (checked: API major 0,
 * a table long enough for every slot abi.h declares), an initialised plugin, a client
 * and its first addressable device. Afterwards every PJRT call of the backend goes
 * through pj_check, which turns a PJRT_Error into PJRT_EPLUGIN and the plugin's own
 * message. Nothing here exits or prints; failures leave a message in the backend. */
#include <dlfcn.h>
#include <glob.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "pjrt.h"

#ifndef CUDA2HLO_DEFAULT_VENV
#define CUDA2HLO_DEFAULT_VENV ""
#endif

/* Plugins of pip packages, relative to site-packages, in order of preference.
 * X(kind, path). docs/pjrt.md says why the CPU order is what it is. */
#define PJ_KNOWN_PLUGINS(X) \
	X("cpu", "lammps_jax_pjrt_cpu/pjrt_c_api_cpu_plugin.so") \
	X("cpu", "fastatomstruct_xla_cpu/libpjrt_cpu.so") \
	X("cpu", "xla_plugins/xla_cpu_pjrt/xla_cpu_pjrt.so") \
	X("cuda", "jax_plugins/xla_cuda13/xla_cuda_plugin.so") \
	X("cuda", "jax_plugins/xla_cuda12/xla_cuda_plugin.so")

/* CompileOptionsProto (xla/pjrt/proto/compile_options.proto) with one field:
 * executable_build_options (field 3, length-delimited: tag 0x1a, 4 bytes) holding an
 * ExecutableBuildOptionsProto with num_replicas (field 4, varint: tag 0x20) = 1 and
 * num_partitions (field 5, varint: tag 0x28) = 1. An empty proto leaves both at 0,
 * which some plugins reject. */
static const uint8_t compile_options[] = {0x1a, 0x04, 0x20, 0x01, 0x28, 0x01};

/* The same with num_partitions = n, use_spmd_partitioning (field 6), a device assignment
 * (field 9: replica_count 1, computation_count n, computation k on device k) and
 * use_shardy_partitioner (field 19): the bytes jaxlib 0.10.2 serializes for
 * CompileOptions with those set (checked with SerializeAsString). n < 128. */
size_t pjrt_compile_options_partitioned(int n, uint8_t *buf, size_t cap)
{
	size_t da = 4 + 5 * (size_t)n, ebo = 6 + 2 + da + 3, len = 2 + ebo;
	if (n < 1 || n > 127 || len > cap || ebo > 127 || da > 127)
		return 0;
	uint8_t *p = buf;
	*p++ = 0x1a, *p++ = (uint8_t)ebo;
	*p++ = 0x20, *p++ = 1, *p++ = 0x28, *p++ = (uint8_t)n, *p++ = 0x30, *p++ = 1;
	*p++ = 0x4a, *p++ = (uint8_t)da, *p++ = 0x08, *p++ = 1, *p++ = 0x10, *p++ = (uint8_t)n;
	for (int k = 0; k < n; k++)
		*p++ = 0x1a, *p++ = 3, *p++ = 0x0a, *p++ = 1, *p++ = (uint8_t)k;
	*p++ = 0x98, *p++ = 0x01, *p++ = 1;
	return (size_t)(p - buf);
}

const uint8_t *pjrt_compile_options(size_t *len)
{
	*len = sizeof compile_options;
	return compile_options;
}

PjrtStatus pj_fail(PjrtBackend *b, PjrtStatus st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(b->msg, sizeof b->msg, fmt, ap);
	va_end(ap);
	return st;
}

PjrtStatus pj_check(PjrtBackend *b, PjError *err, const char *what)
{
	if (!err)
		return PJRT_OK;
	PjErrorMessageArgs m = {.struct_size = PJ_SIZE(PjErrorMessageArgs, message_size),
	                        .error = err};
	b->api->Error_Message(&m);
	int n = m.message ? (int)m.message_size : 0;
	pj_fail(b, PJRT_EPLUGIN, "%s: %.*s", what, n, m.message ? m.message : "");
	PjErrorDestroyArgs d = {.struct_size = PJ_SIZE(PjErrorDestroyArgs, error), .error = err};
	b->api->Error_Destroy(&d);
	return PJRT_EPLUGIN;
}

void pj_drop(PjrtBackend *b, PjError *err)
{
	if (!err)
		return;
	PjErrorDestroyArgs d = {.struct_size = PJ_SIZE(PjErrorDestroyArgs, error), .error = err};
	b->api->Error_Destroy(&d);
}

/* Appends every known plugin of kind (NULL: any) under venv to paths[n..cap). */
static int scan_venv(const char *venv, const char *kind, char **paths, int n, int cap)
{
	static const struct { const char *kind, *rel; } known[] = {
#define X(k, rel) {k, rel},
		PJ_KNOWN_PLUGINS(X)
#undef X
	};
	char pat[4096];
	for (size_t i = 0; i < sizeof known / sizeof known[0] && n < cap; i++) {
		if (kind && strcmp(kind, known[i].kind) != 0)
			continue;
		snprintf(pat, sizeof pat, "%s/lib/python3*/site-packages/%s", venv, known[i].rel);
		glob_t g;
		if (glob(pat, 0, NULL, &g) == 0) {
			int dup = 0;
			for (int j = 0; j < n; j++)
				dup |= strcmp(paths[j], g.gl_pathv[0]) == 0;
			if (!dup && (paths[n] = strdup(g.gl_pathv[0])))
				n++;
		}
		globfree(&g);
	}
	return n;
}

int pjrt_plugins_installed(const char *kind, char **paths, int cap)
{
	const char *roots[] = {getenv("VIRTUAL_ENV"), CUDA2HLO_DEFAULT_VENV};
	int n = 0;
	for (int i = 0; i < 2; i++)
		if (roots[i] && *roots[i])
			n = scan_venv(roots[i], kind, paths, n, cap);
	return n;
}

char *pjrt_plugin_find(const char *spec)
{
	const char *kind = NULL;
	if (spec && (strcmp(spec, "cpu") == 0 || strcmp(spec, "cuda") == 0))
		kind = spec;
	else if (spec && *spec)
		return strdup(spec);
	const char *env = getenv("CUDA2HLO_PJRT_PLUGIN");
	if (!kind && env && *env)
		return strdup(env);
	char *path = NULL;
	pjrt_plugins_installed(kind, &path, 1);
	return path;
}

/* Version and size checks: what the plugin reports against what abi.h declares. */
static PjrtStatus check_api(PjrtBackend *b)
{
	const PjApi *a = b->api;
	if (a->struct_size < PJ_SIZE(PjApi, version))
		return pj_fail(b, PJRT_EVERSION, "%s: PJRT_Api struct_size %zu is too small",
		               b->path, a->struct_size);
	if (a->version.major_version != PJ_API_MAJOR)
		return pj_fail(b, PJRT_EVERSION, "%s: PJRT API %d.%d, we speak major version %d",
		               b->path, a->version.major_version, a->version.minor_version,
		               PJ_API_MAJOR);
	if (a->struct_size < PJ_API_MIN_SIZE)
		return pj_fail(b, PJRT_EVERSION,
		               "%s: PJRT_Api table of %zu bytes (API %d.%d), we need %zu",
		               b->path, a->struct_size, a->version.major_version,
		               a->version.minor_version, (size_t)PJ_API_MIN_SIZE);
	return PJRT_OK;
}

/* XLA computes a chain of bf16 (f16) operations in f32 and rounds once at the end unless
 * --xla_allow_excess_precision=false; StableHLO, like CUDA, rounds every operation. The
 * plugin reads XLA_FLAGS when it creates its client, so the flag is added there unless
 * the caller set that flag itself. */
static void exact_precision(void)
{
	const char *f = getenv("XLA_FLAGS");
	char *v;
	size_t n;

	if (f && strstr(f, "xla_allow_excess_precision"))
		return;
	n = (f ? strlen(f) : 0) + 40;
	if (!(v = malloc(n)))
		return;
	snprintf(v, n, "%s%s--xla_allow_excess_precision=false", f ? f : "", f && *f ? " " : "");
	setenv("XLA_FLAGS", v, 1);
	free(v);
}

static PjrtStatus load(PjrtBackend *b)
{
	exact_precision();
	b->dl = dlopen(b->path, RTLD_NOW | RTLD_LOCAL);
	if (!b->dl)
		return pj_fail(b, PJRT_ELOAD, "cannot load PJRT plugin: %s", dlerror());
	const PjApi *(*get)(void);
	*(void **)&get = dlsym(b->dl, "GetPjrtApi");
	if (!get)
		return pj_fail(b, PJRT_ELOAD, "%s: no GetPjrtApi symbol", b->path);
	b->api = get();
	if (!b->api)
		return pj_fail(b, PJRT_ELOAD, "%s: GetPjrtApi returned NULL", b->path);
	return check_api(b);
}

static void client_string(PjrtBackend *b, PjError *(*fn)(PjClientStringArgs *),
                          char *out, size_t cap)
{
	PjClientStringArgs a = {.struct_size = PJ_SIZE(PjClientStringArgs, size),
	                        .client = b->client};
	PjError *err = fn(&a);
	if (err) {
		pj_check(b, err, "platform query");
		snprintf(out, cap, "?");
		return;
	}
	snprintf(out, cap, "%.*s", (int)a.size, a.str ? a.str : "");
}

/* PJRT_Plugin_Initialize is a one-time set-up per plugin and process; a second
 * backend on the same plugin (dlopen returns the same table) must not repeat it. */
static PjrtStatus initialize_once(PjrtBackend *b)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static const PjApi *done[16];
	static int ndone;
	PjrtStatus st = PJRT_OK;
	pthread_mutex_lock(&lock);
	int i = 0;
	while (i < ndone && done[i] != b->api)
		i++;
	if (i == ndone) {
		PjPluginInitializeArgs init = {.struct_size = PJ_SIZE(PjPluginInitializeArgs, ext)};
		st = pj_check(b, b->api->Plugin_Initialize(&init), "PJRT_Plugin_Initialize");
		if (!st && ndone < 16)
			done[ndone++] = b->api;
	}
	pthread_mutex_unlock(&lock);
	return st;
}

/* ", stablehlo 1.20.0" from the plugin attributes, when the plugin reports them. */
static void describe_attributes(PjrtBackend *b, char *out, size_t cap)
{
	out[0] = 0;
	PjPluginAttributesArgs a = {.struct_size = PJ_SIZE(PjPluginAttributesArgs, num_attributes)};
	PjError *err = b->api->Plugin_Attributes(&a);
	if (err) {
		pj_drop(b, err);
		return;
	}
	for (size_t i = 0; i < a.num_attributes; i++) {
		const PjNamedValue *v = &a.attributes[i];
		if (v->type != PJ_NV_INT64_LIST || v->value_size != 3 ||
		    strncmp(v->name, "stablehlo_current_version", v->name_size) != 0)
			continue;
		snprintf(out, cap, ", stablehlo %lld.%lld.%lld", (long long)v->value.list[0],
		         (long long)v->value.list[1], (long long)v->value.list[2]);
	}
}

static PjrtStatus start(PjrtBackend *b)
{
	const PjApi *a = b->api;
	PjrtStatus st = initialize_once(b);
	if (st)
		return st;
	PjClientCreateArgs cc = {.struct_size = PJ_SIZE(PjClientCreateArgs, kv_try_get_arg)};
	if ((st = pj_check(b, a->Client_Create(&cc), "PJRT_Client_Create")))
		return st;
	b->client = cc.client;
	PjClientDevicesArgs dv = {.struct_size = PJ_SIZE(PjClientDevicesArgs, num_devices),
	                          .client = b->client};
	if ((st = pj_check(b, a->Client_AddressableDevices(&dv), "PJRT_Client_AddressableDevices")))
		return st;
	if (dv.num_devices == 0)
		return pj_fail(b, PJRT_EPLUGIN, "%s: the client has no addressable device", b->path);
	b->device = dv.devices[0];
	b->devices = dv.devices;
	b->ndevices = dv.num_devices;
	char name[64], version[128], attrs[64];
	client_string(b, a->Client_PlatformName, name, sizeof name);
	client_string(b, a->Client_PlatformVersion, version, sizeof version);
	describe_attributes(b, attrs, sizeof attrs);
	b->zero_copy = strcmp(name, "cpu") == 0;
	snprintf(b->describe, sizeof b->describe,
	         "%s: PJRT API %d.%d%s, platform %s (%s), %zu device%s", b->path,
	         a->version.major_version, a->version.minor_version, attrs, name, version,
	         dv.num_devices, dv.num_devices == 1 ? "" : "s");
	b->msg[0] = 0;
	return PJRT_OK;
}

PjrtStatus pjrt_backend_create(const char *spec, PjrtBackend **out)
{
	PjrtBackend *b = calloc(1, sizeof *b);
	*out = b;
	if (!b)
		return PJRT_ENOMEM;
	b->path = pjrt_plugin_find(spec);
	if (!b->path)
		return pj_fail(b, PJRT_ENOPLUGIN,
		               "no %s%sPJRT plugin found: give --backend pjrt:PATH, set "
		               "CUDA2HLO_PJRT_PLUGIN, or pip install one into the venv "
		               "(scripts/setup.sh installs a CPU plugin; docs/pjrt.md)",
		               spec && *spec ? spec : "", spec && *spec ? " " : "");
	PjrtStatus st = load(b);
	if (!st)
		st = start(b);
	return st;
}

void pjrt_backend_destroy(PjrtBackend *b)
{
	if (!b)
		return;
	if (b->client) {
		PjClientDestroyArgs d = {.struct_size = PJ_SIZE(PjClientDestroyArgs, client),
		                         .client = b->client};
		pj_check(b, b->api->Client_Destroy(&d), "PJRT_Client_Destroy");
	}
	/* The plugin stays loaded: XLA registers process-wide state (flags, thread pools,
	 * atexit handlers) that does not survive dlclose. */
	free(b->path);
	free(b);
}

const char *pjrt_backend_message(const PjrtBackend *b)
{
	return b ? b->msg : "out of memory";
}

const char *pjrt_backend_describe(const PjrtBackend *b)
{
	return b && b->describe[0] ? b->describe : "(no PJRT plugin loaded)";
}
