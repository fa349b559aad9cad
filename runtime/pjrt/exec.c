/* exec.c: compile a module on a PJRT client, move arrays in, execute, move them out.
 *
 * Consumes a PjrtBackend (plugin.c), module text (StableHLO, program format "mlir",
 * with the compile options of pjrt_compile_options) and host arrays. Produces a
 * PjrtExec (a loaded executable and its output count) and, per run, malloc'ed host
 * arrays of every result in order. Every device buffer and event made during a run is
 * destroyed before the run returns, on success and on failure. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "abi.h"
#include "pjrt.h"

struct PjrtExec {
	PjrtBackend *b;
	PjLoadedExecutable *loaded;
	size_t nouts;
	int ndev;              /* partitions (1: an ordinary run on b->device) */
};

static const struct {
	const char *hlo, *np;
	size_t size;
} types[] = {
#define X(e, code, hlo, size, np) [code] = {hlo, np, size},
	PJRT_TYPES(X)
#undef X
};

/* Our type codes -> PJRT_Buffer_Type. */
static const int to_pjrt[PJRT_NTYPES] = {
	[PJRT_PRED] = PJ_BT_PRED, [PJRT_S8] = PJ_BT_S8, [PJRT_S16] = PJ_BT_S16,
	[PJRT_S32] = PJ_BT_S32, [PJRT_S64] = PJ_BT_S64, [PJRT_U8] = PJ_BT_U8,
	[PJRT_U16] = PJ_BT_U16, [PJRT_U32] = PJ_BT_U32, [PJRT_U64] = PJ_BT_U64,
	[PJRT_F16] = PJ_BT_F16, [PJRT_F32] = PJ_BT_F32, [PJRT_F64] = PJ_BT_F64,
	[PJRT_BF16] = PJ_BT_BF16,
};

size_t pjrt_type_size(PjrtType t) { return (unsigned)t < PJRT_NTYPES ? types[t].size : 0; }
const char *pjrt_type_hlo_name(PjrtType t) { return (unsigned)t < PJRT_NTYPES ? types[t].hlo : "?"; }
const char *pjrt_type_numpy_name(PjrtType t) { return (unsigned)t < PJRT_NTYPES ? types[t].np : "?"; }

size_t pjrt_array_count(const PjrtArray *a)
{
	size_t n = 1;
	for (int i = 0; i < a->ndims; i++)
		n *= (size_t)a->dims[i];
	return n;
}

static int from_pjrt(int bt)
{
	for (int t = 0; t < PJRT_NTYPES; t++)
		if (to_pjrt[t] == bt)
			return t;
	return -1;
}

void pjrt_arrays_free(PjrtArray *a, int n)
{
	if (!a)
		return;
	for (int i = 0; i < n; i++)
		free(a[i].data);
	free(a);
}

/* Waits for ev and destroys it; the event's error becomes the result. */
static PjrtStatus await(PjrtBackend *b, PjEvent *ev, const char *what)
{
	if (!ev)
		return PJRT_OK;
	PjEventArgs a = {.struct_size = PJ_SIZE(PjEventArgs, event), .event = ev};
	PjrtStatus st = pj_check(b, b->api->Event_Await(&a), what);
	PjrtStatus st2 = pj_check(b, b->api->Event_Destroy(&a), "PJRT_Event_Destroy");
	return st ? st : st2;
}

/* Clean-up keeps the message of the failure that caused it. */
/* Waits for ev and destroys it, returning the event's error (no message kept). */
static PjError *await_quiet(PjrtBackend *b, PjEvent *ev)
{
	PjEventArgs a = {.struct_size = PJ_SIZE(PjEventArgs, event), .event = ev};
	PjError *err = b->api->Event_Await(&a);
	pj_drop(b, b->api->Event_Destroy(&a));
	return err;
}

static void buffer_destroy(PjrtBackend *b, PjBuffer *buf)
{
	if (!buf)
		return;
	PjBufferDestroyArgs a = {.struct_size = PJ_SIZE(PjBufferDestroyArgs, buffer), .buffer = buf};
	pj_drop(b, b->api->Buffer_Destroy(&a));
}

static PjrtStatus count_outputs(PjrtExec *e)
{
	PjrtBackend *b = e->b;
	PjGetExecutableArgs g = {.struct_size = PJ_SIZE(PjGetExecutableArgs, executable),
	                         .loaded = e->loaded};
	PjrtStatus st = pj_check(b, b->api->LoadedExecutable_GetExecutable(&g),
	                         "PJRT_LoadedExecutable_GetExecutable");
	if (st)
		return st;
	PjNumOutputsArgs n = {.struct_size = PJ_SIZE(PjNumOutputsArgs, num_outputs),
	                      .executable = g.executable};
	st = pj_check(b, b->api->Executable_NumOutputs(&n), "PJRT_Executable_NumOutputs");
	e->nouts = n.num_outputs;
	PjExecutableDestroyArgs d = {.struct_size = PJ_SIZE(PjExecutableDestroyArgs, executable),
	                             .executable = g.executable};
	PjrtStatus st2 = pj_check(b, b->api->Executable_Destroy(&d), "PJRT_Executable_Destroy");
	return st ? st : st2;
}

static PjrtStatus compile_with(PjrtBackend *b, const char *text, size_t len, const uint8_t *opts,
                               size_t optlen, int ndev, PjrtExec **out)
{
	*out = NULL;
	if (!b->client)
		return pj_fail(b, PJRT_EARG, "PJRT backend has no client");
	PjProgram prog = {.struct_size = PJ_SIZE(PjProgram, format_size), .code = (char *)text,
	                  .code_size = len, .format = "mlir", .format_size = 4};
	PjClientCompileArgs c = {.struct_size = PJ_SIZE(PjClientCompileArgs, executable),
	                         .client = b->client, .program = &prog,
	                         .compile_options = (const char *)opts,
	                         .compile_options_size = optlen};
	PjrtStatus st = pj_check(b, b->api->Client_Compile(&c), "PJRT_Client_Compile");
	if (st)
		return st;
	PjrtExec *e = calloc(1, sizeof *e);
	if (!e) {
		PjLoadedDestroyArgs d = {.struct_size = PJ_SIZE(PjLoadedDestroyArgs, executable),
		                         .executable = c.executable};
		pj_drop(b, b->api->LoadedExecutable_Destroy(&d));
		return pj_fail(b, PJRT_ENOMEM, "out of memory");
	}
	e->b = b;
	e->loaded = c.executable;
	e->ndev = ndev;
	if ((st = count_outputs(e))) {
		pjrt_exec_destroy(e);
		return st;
	}
	*out = e;
	return PJRT_OK;
}

PjrtStatus pjrt_exec_compile(PjrtBackend *b, const char *text, size_t len, PjrtExec **out)
{
	size_t optlen;
	const uint8_t *opts = pjrt_compile_options(&optlen);
	return compile_with(b, text, len, opts, optlen, 1, out);
}

PjrtStatus pjrt_exec_compile_partitioned(PjrtBackend *b, const char *text, size_t len, int n,
                                         PjrtExec **out)
{
	uint8_t opts[1024];
	size_t optlen = pjrt_compile_options_partitioned(n, opts, sizeof opts);

	*out = NULL;
	if (!optlen)
		return pj_fail(b, PJRT_EARG, "%d partitions: at most 127 are supported", n);
	if ((size_t)n > b->ndevices)
		return pj_fail(b, PJRT_EARG, "the module's mesh has %d devices, the PJRT client %zu", n,
		               b->ndevices);
	return compile_with(b, text, len, opts, optlen, n, out);
}

void pjrt_exec_destroy(PjrtExec *e)
{
	if (!e)
		return;
	PjLoadedDestroyArgs d = {.struct_size = PJ_SIZE(PjLoadedDestroyArgs, executable),
	                         .executable = e->loaded};
	pj_drop(e->b, e->b->api->LoadedExecutable_Destroy(&d));
	free(e);
}

int pjrt_exec_num_outputs(const PjrtExec *e)
{
	return (int)e->nouts;
}

static PjrtStatus check_input(PjrtBackend *b, const PjrtArray *a, int i)
{
	if ((unsigned)a->type >= PJRT_NTYPES)
		return pj_fail(b, PJRT_EARG, "input %d: unknown element type code %d", i, (int)a->type);
	if (a->ndims < 0 || a->ndims > PJRT_MAX_DIMS)
		return pj_fail(b, PJRT_EARG, "input %d: rank %d out of range", i, a->ndims);
	for (int d = 0; d < a->ndims; d++)
		if (a->dims[d] < 0)
			return pj_fail(b, PJRT_EARG, "input %d: negative dimension", i);
	size_t want = pjrt_array_count(a) * pjrt_type_size(a->type);
	if (a->nbytes != want || (want && !a->data))
		return pj_fail(b, PJRT_EARG, "input %d: %zu bytes given, its shape needs %zu", i,
		               a->nbytes, want);
	return PJRT_OK;
}

/* On a CPU client the buffer may alias the caller's array (no copy); the array is
 * borrowed until the buffer is destroyed, which happens before the run returns, and
 * *done (the plugin's done_with_host_buffer) is awaited after that. */
static PjrtStatus upload(PjrtBackend *b, const PjrtArray *a, int i, PjBuffer **out,
                         PjEvent **done)
{
	PjrtStatus st = check_input(b, a, i);
	if (st)
		return st;
	PjBufferFromHostArgs h = {.struct_size = PJ_SIZE(PjBufferFromHostArgs, buffer),
	                          .client = b->client, .data = a->data,
	                          .type = to_pjrt[a->type], .dims = a->dims,
	                          .num_dims = (size_t)a->ndims,
	                          .host_buffer_semantics = b->zero_copy
	                                                       ? PJ_HOST_IMMUTABLE_ZERO_COPY
	                                                       : PJ_HOST_IMMUTABLE_ONLY_DURING_CALL,
	                          .device = b->device};
	if ((st = pj_check(b, b->api->Client_BufferFromHostBuffer(&h),
	                   "PJRT_Client_BufferFromHostBuffer")))
		return st;
	*out = h.buffer;
	*done = h.done_with_host_buffer;
	return PJRT_OK;
}

/* Type, shape and bytes of one result buffer into a malloc'ed host array. */
static PjrtStatus download(PjrtBackend *b, PjBuffer *buf, int i, PjrtArray *out)
{
	PjBufferTypeArgs t = {.struct_size = PJ_SIZE(PjBufferTypeArgs, type), .buffer = buf};
	PjrtStatus st = pj_check(b, b->api->Buffer_ElementType(&t), "PJRT_Buffer_ElementType");
	if (st)
		return st;
	int type = from_pjrt(t.type);
	if (type < 0)
		return pj_fail(b, PJRT_EARG, "result %d: PJRT element type %d is not supported", i, t.type);
	PjBufferDimsArgs d = {.struct_size = PJ_SIZE(PjBufferDimsArgs, num_dims), .buffer = buf};
	if ((st = pj_check(b, b->api->Buffer_Dimensions(&d), "PJRT_Buffer_Dimensions")))
		return st;
	if (d.num_dims > PJRT_MAX_DIMS)
		return pj_fail(b, PJRT_EARG, "result %d: rank %zu is above %d", i, d.num_dims,
		               PJRT_MAX_DIMS);
	out->type = (PjrtType)type;
	out->ndims = (int)d.num_dims;
	if (d.num_dims)
		memcpy(out->dims, d.dims, d.num_dims * sizeof(int64_t));
	out->nbytes = pjrt_array_count(out) * pjrt_type_size(out->type);
	out->data = malloc(out->nbytes ? out->nbytes : 1);
	if (!out->data)
		return pj_fail(b, PJRT_ENOMEM, "out of memory for result %d", i);
	PjBufferToHostArgs h = {.struct_size = PJ_SIZE(PjBufferToHostArgs, event), .src = buf,
	                        .dst = out->data, .dst_size = out->nbytes};
	if ((st = pj_check(b, b->api->Buffer_ToHostBuffer(&h), "PJRT_Buffer_ToHostBuffer")))
		return st;
	return await(b, h.event, "device-to-host transfer");
}

static PjrtStatus execute(PjrtExec *e, PjBuffer **args, int nin, PjBuffer **res)
{
	PjrtBackend *b = e->b;
	PjExecuteOptions opts = {.struct_size = PJ_SIZE(PjExecuteOptions, incarnation_ids)};
	PjBuffer *const *arg_lists[1] = {args};
	PjBuffer **out_lists[1] = {res};
	PjEvent *done[1] = {NULL};
	PjExecuteArgs x = {.struct_size = PJ_SIZE(PjExecuteArgs, execute_device),
	                   .executable = e->loaded, .options = &opts,
	                   .argument_lists = arg_lists, .num_devices = 1,
	                   .num_args = (size_t)nin, .output_lists = out_lists,
	                   .device_complete_events = done};
	PjrtStatus st = pj_check(b, b->api->LoadedExecutable_Execute(&x),
	                         "PJRT_LoadedExecutable_Execute");
	if (st)
		return st;
	return await(b, done[0], "execution");
}

/* The device buffers of one run: inputs (and their host-done events), results. */
typedef struct {
	PjBuffer **args, **res;
	PjEvent **done;
	int nin;
	size_t nres;
} Run;

static PjrtStatus run_start(PjrtExec *e, const PjrtArray *ins, int nin, Run *r)
{
	PjrtBackend *b = e->b;
	*r = (Run){.nin = nin < 0 ? 0 : nin, .nres = e->nouts};
	if (nin < 0)
		return pj_fail(b, PJRT_EARG, "negative input count");
	r->args = calloc((size_t)nin + 1, sizeof *r->args);
	r->res = calloc(r->nres + 1, sizeof *r->res);
	r->done = calloc((size_t)nin + 1, sizeof *r->done);
	PjrtStatus st = r->args && r->res && r->done ? PJRT_OK
	                                             : pj_fail(b, PJRT_ENOMEM, "out of memory");
	for (int i = 0; !st && i < nin; i++)
		st = upload(b, &ins[i], i, &r->args[i], &r->done[i]);
	return st;
}

static void drop_results(PjrtBackend *b, Run *r)
{
	for (size_t i = 0; r->res && i < r->nres; i++) {
		buffer_destroy(b, r->res[i]);
		r->res[i] = NULL;
	}
}

/* Destroys every buffer, then waits until the plugin is done with the host inputs.
 * st is the run's status so far; a failing wait only counts when nothing failed. */
static PjrtStatus run_end(PjrtBackend *b, Run *r, PjrtStatus st)
{
	for (int i = 0; r->args && i < r->nin; i++)
		buffer_destroy(b, r->args[i]);
	drop_results(b, r);
	for (int i = 0; r->done && i < r->nin; i++) {
		if (!st)
			st = await(b, r->done[i], "host-to-device transfer");
		else if (r->done[i])
			pj_drop(b, await_quiet(b, r->done[i]));
	}
	free(r->args);
	free(r->res);
	free(r->done);
	return st;
}

PjrtStatus pjrt_exec_run(PjrtExec *e, const PjrtArray *ins, int nin, PjrtArray **outs,
                         int *nouts)
{
	PjrtBackend *b = e->b;
	*outs = NULL;
	*nouts = 0;
	Run r;
	PjrtStatus st = run_start(e, ins, nin, &r);
	PjrtArray *arr = calloc(r.nres + 1, sizeof *arr);
	if (!st && !arr)
		st = pj_fail(b, PJRT_ENOMEM, "out of memory");
	if (!st)
		st = execute(e, r.args, r.nin, r.res);
	for (size_t i = 0; !st && i < r.nres; i++)
		st = download(b, r.res[i], (int)i, &arr[i]);
	st = run_end(b, &r, st);
	if (st) {
		pjrt_arrays_free(arr, (int)r.nres);
		return st;
	}
	*outs = arr;
	*nouts = (int)r.nres;
	return PJRT_OK;
}

static double seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

PjrtStatus pjrt_exec_time(PjrtExec *e, const PjrtArray *ins, int nin, int reps, double *times)
{
	Run r;
	PjrtStatus st = run_start(e, ins, nin, &r);
	for (int k = 0; !st && k < reps; k++) {
		double t0 = seconds();
		st = execute(e, r.args, r.nin, r.res);
		times[k] = seconds() - t0;
		drop_results(e->b, &r);
	}
	return run_end(e->b, &r, st);
}

PjrtStatus pjrt_run(PjrtBackend *b, const char *text, size_t len, const PjrtArray *ins,
                    int nin, PjrtArray **outs, int *nouts)
{
	PjrtExec *e;
	PjrtStatus st = pjrt_exec_compile(b, text, len, &e);
	if (!st)
		st = pjrt_exec_run(e, ins, nin, outs, nouts);
	pjrt_exec_destroy(e);
	return st;
}

/* ---- partitioned runs ---- */

/* Copies between a whole array g (dims) and device k's block blk (sh's shard shape):
 * to_block 1 fills blk (zeros past g's end: blk comes zeroed), 0 writes blk into g. */
static void block_copy(const PjrtArray *g, const PjrtShard *sh, int k, char *blk, int to_block)
{
	size_t es = pjrt_type_size(g->type), n = 1;
	int64_t idx[PJRT_MAX_DIMS] = {0};

	for (int d = 0; d < g->ndims; d++)
		n *= (size_t)sh->shard[d];
	for (size_t i = 0; i < n; i++) {
		int64_t off = 0, inside = 1;
		for (int d = 0; d < g->ndims; d++) {
			int64_t x = sh->start[k][d] + idx[d];
			inside &= x < g->dims[d];
			off = off * g->dims[d] + x;
		}
		if (inside) {
			if (to_block)
				memcpy(blk + i * es, (const char *)g->data + (size_t)off * es, es);
			else
				memcpy((char *)g->data + (size_t)off * es, blk + i * es, es);
		}
		for (int d = g->ndims - 1; d >= 0 && ++idx[d] == sh->shard[d]; d--)
			idx[d] = 0;
	}
}

static size_t block_bytes(const PjrtArray *g, const PjrtShard *sh)
{
	size_t n = pjrt_type_size(g->type);
	for (int d = 0; d < g->ndims; d++)
		n *= (size_t)sh->shard[d];
	return n;
}

/* One partitioned run's device buffers: [device][arg], [device][result]. */
typedef struct {
	PjBuffer **args, **res;
	PjEvent **done;
	char **blocks;
} SRun;

static PjrtStatus sharded_upload(PjrtExec *e, const PjrtArray *ins, const PjrtShard *sh, int nin, SRun *r)
{
	PjrtBackend *b = e->b;
	PjrtStatus st = PJRT_OK;
	for (int k = 0; !st && k < e->ndev; k++)
		for (int i = 0; !st && i < nin; i++) {
			size_t at = (size_t)k * (size_t)nin + (size_t)i;
			PjrtArray blk = ins[i];
			if ((st = check_input(b, &ins[i], i)))
				break;
			for (int d = 0; d < blk.ndims; d++)
				blk.dims[d] = sh[i].shard[d];
			blk.nbytes = block_bytes(&ins[i], &sh[i]);
			r->blocks[at] = calloc(1, blk.nbytes ? blk.nbytes : 1);
			if (!r->blocks[at])
				return pj_fail(b, PJRT_ENOMEM, "out of memory");
			block_copy(&ins[i], &sh[i], k, r->blocks[at], 1);
			PjBufferFromHostArgs h = {.struct_size = PJ_SIZE(PjBufferFromHostArgs, buffer),
			                          .client = b->client, .data = r->blocks[at],
			                          .type = to_pjrt[blk.type], .dims = blk.dims,
			                          .num_dims = (size_t)blk.ndims,
			                          .host_buffer_semantics = PJ_HOST_IMMUTABLE_ONLY_DURING_CALL,
			                          .device = b->devices[k]};
			st = pj_check(b, b->api->Client_BufferFromHostBuffer(&h), "PJRT_Client_BufferFromHostBuffer");
			r->args[at] = h.buffer;
			r->done[at] = h.done_with_host_buffer;
		}
	return st;
}

static PjrtStatus sharded_execute(PjrtExec *e, int nin, SRun *r)
{
	PjrtBackend *b = e->b;
	int n = e->ndev;
	PjExecuteOptions opts = {.struct_size = PJ_SIZE(PjExecuteOptions, incarnation_ids)};
	PjBuffer *const **arg_lists = calloc((size_t)n, sizeof *arg_lists);
	PjBuffer ***out_lists = calloc((size_t)n, sizeof *out_lists);
	PjEvent **ev = calloc((size_t)n, sizeof *ev);
	PjrtStatus st = arg_lists && out_lists && ev ? PJRT_OK : pj_fail(b, PJRT_ENOMEM, "out of memory");
	for (int k = 0; !st && k < n; k++) {
		arg_lists[k] = r->args + (size_t)k * (size_t)nin;
		out_lists[k] = r->res + (size_t)k * e->nouts;
	}
	PjExecuteArgs x = {.struct_size = PJ_SIZE(PjExecuteArgs, execute_device),
	                   .executable = e->loaded, .options = &opts,
	                   .argument_lists = (PjBuffer *const *const *)arg_lists, .num_devices = (size_t)n,
	                   .num_args = (size_t)nin, .output_lists = (PjBuffer **const *)out_lists,
	                   .device_complete_events = ev};
	if (!st)
		st = pj_check(b, b->api->LoadedExecutable_Execute(&x), "PJRT_LoadedExecutable_Execute");
	for (int k = 0; ev && k < n; k++) {
		if (!st)
			st = await(b, ev[k], "execution");
		else if (ev[k])
			pj_drop(b, await_quiet(b, ev[k]));
	}
	free(arg_lists);
	free(out_lists);
	free(ev);
	return st;
}

/* Downloads device k's block of result i and writes it into outs[i]. */
static PjrtStatus sharded_download(PjrtExec *e, SRun *r, PjrtArray *outs, const PjrtShard *sh, int nouts)
{
	PjrtStatus st = PJRT_OK;
	for (int k = 0; !st && k < e->ndev; k++)
		for (int i = 0; !st && i < nouts; i++) {
			PjrtArray blk = {0};
			st = download(e->b, r->res[(size_t)k * e->nouts + (size_t)i], i, &blk);
			if (!st && blk.nbytes != block_bytes(&outs[i], &sh[i]))
				st = pj_fail(e->b, PJRT_EARG, "result %d: device %d's block has %zu bytes, %zu expected",
				             i, k, blk.nbytes, block_bytes(&outs[i], &sh[i]));
			if (!st)
				block_copy(&outs[i], &sh[i], k, blk.data, 0);
			free(blk.data);
		}
	return st;
}

PjrtStatus pjrt_exec_run_sharded(PjrtExec *e, const PjrtArray *ins, const PjrtShard *in_shards,
                                 int nin, PjrtArray *outs, const PjrtShard *out_shards, int nouts)
{
	PjrtBackend *b = e->b;
	size_t na = (size_t)e->ndev * (size_t)(nin > 0 ? nin : 0), nr = (size_t)e->ndev * e->nouts;
	SRun r = {calloc(na + 1, sizeof *r.args), calloc(nr + 1, sizeof *r.res),
	          calloc(na + 1, sizeof *r.done), calloc(na + 1, sizeof *r.blocks)};
	PjrtStatus st = r.args && r.res && r.done && r.blocks ? PJRT_OK : pj_fail(b, PJRT_ENOMEM, "out of memory");

	if (!st && (nin < 0 || (size_t)nouts != e->nouts))
		st = pj_fail(b, PJRT_EARG, "%d inputs, %d results given; the module has %zu results", nin, nouts,
		             e->nouts);
	if (!st)
		st = sharded_upload(e, ins, in_shards, nin, &r);
	if (!st)
		st = sharded_execute(e, nin, &r);
	if (!st)
		st = sharded_download(e, &r, outs, out_shards, nouts);
	for (size_t i = 0; r.args && i < na; i++)
		buffer_destroy(b, r.args[i]);
	for (size_t i = 0; r.res && i < nr; i++)
		buffer_destroy(b, r.res[i]);
	for (size_t i = 0; r.done && i < na; i++) {
		if (!st)
			st = await(b, r.done[i], "host-to-device transfer");
		else if (r.done[i])
			pj_drop(b, await_quiet(b, r.done[i]));
	}
	for (size_t i = 0; r.blocks && i < na; i++)
		free(r.blocks[i]);
	free(r.args);
	free(r.res);
	free(r.done);
	free(r.blocks);
	return st;
}
