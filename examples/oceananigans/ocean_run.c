/* ocean_run.c: the converted ocean model (one module of `cuda2hlo --entry simulate`) run
 * through the runtime C API, the way main.cu runs the original on a GPU.
 *
 * Consumes: MODULE (StableHLO text whose @main takes the fields of simulate by their
 * cuda2hlo.param names, the runtime scalars nsteps and first as 0-d i32, and anything
 * else not bound at conversion) and a folder of .npy with the initial state (the emulated
 * build's `--save DIR` after `--steps 0`, or any later state). Every parameter but nsteps
 * and first is read from DIR/NAME.npy with the parameter's type and length: the
 * configuration (state.cuh's list) decides which fields there are, not this driver. Produces: per
 * chunk of --every steps a table line (step, days, kinetic energy, var(T), max|eta|,
 * ms/step, the formulas of main.cu's diagnostics), the PNG of surface temperature (the
 * colour map of main.cu's write_png), the final fields as .npy in --out DIR and, with
 * --series FILE, the time series of the run as CSV: a row for the initial state and one
 * per chunk with step, time in days, kinetic energy rho0 * sum(1/2 (u^2 + v^2) dV) (J,
 * rho0 = 1026 kg/m^3), the tracer contents sum(T dV) (K m^3) and sum(S dV) (g/kg m^3)
 * over the interior cells, and max|eta| (m) (examples/oceananigans/plot.py draws it).
 *
 *   ocean_run MODULE --init DIR [--nx N --ny N --nz N] [--steps N] [--every N]
 *             [--dt S] [--backend B] [--first 0|1] [--start N] [--png FILE] [--out DIR]
 *             [--series FILE]
 *
 * --first 1 (default): the state is at rest with no G^- (step 0 of the set-up), so the
 * first step is forward Euler; --first 0 continues a saved run (whose last_dt.npy, the
 * clock's last time step, makes the first step Euler when it differs from the module's
 * dt, as in Oceananigans). --start N: the step
 * number of the initial state (for the table's step and days).
 *
 * The grid (domain 1000 km x 1000 km x 1 km) is ocean.cu's; --nx/--ny/--nz must be the
 * sizes the module was converted with; the halo follows from the length of eta (u, v, T
 * and eta must be parameters: the table and the picture read them).
 * The module is loaded once; each chunk binds the current state, runs nsteps = chunk
 * (first = 1 only on the first chunk of a run from rest) and copies the results back. */
#include "cuda2hlo_runtime.h"

#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

enum { MAX_FIELDS = 64 };
#define LX 1.0e6
#define LY 1.0e6
#define LZ 1.0e3
#define RHO0 1026.0

typedef struct Options {
	const char *module, *init, *backend, *png, *out, *series;
	int nx, ny, nz, steps, every, first, start;
	double dt;
} Options;

/* The module's parameters other than nsteps and first, each with its buffer (the state:
 * bound once, updated in place from the results after each run). */
typedef struct Model {
	c2h_module *mod;
	c2h_session *ses;
	int nfields;
	c2h_param_info info[MAX_FIELDS];
	int param_of[MAX_FIELDS];  /* the module's parameter index of field f */
	int result_of[MAX_FIELDS]; /* result index carrying field f, or -1 */
	c2h_buffer *field[MAX_FIELDS];
	c2h_buffer *nsteps, *first;
} Model;

static int g_nx, g_ny, g_nz, g_halo;

static long ix3(int i, int j, int k)
{
	long tx = g_nx + 2 * g_halo, ty = g_ny + 2 * g_halo;
	return ((long)(k + g_halo) * ty + (j + g_halo)) * tx + (i + g_halo);
}

static long ix2(int i, int j)
{
	return (long)(j + g_halo) * (g_nx + 2 * g_halo) + (i + g_halo);
}

static long field_len(const Model *m, int f)
{
	return m->info[f].rank == 0 ? 1 : m->info[f].dims[0];
}

static int find_field(const Model *m, const char *name)
{
	for (int f = 0; f < m->nfields; f++)
		if (!strcmp(m->info[f].name, name))
			return f;
	return -1;
}

static double *field_data(Model *m, const char *name)
{
	return (double *)c2h_buffer_data(m->field[find_field(m, name)]);
}

/* ---- .npy (version 1.0, <f8, 1-D), as main.cu writes them ---- */

static void npy_shape(char *buf, size_t len, int rank, long n)
{
	if (rank == 0)
		snprintf(buf, len, "()");
	else
		snprintf(buf, len, "(%ld,)", n);
}

/* rank 0: one double, shape (); rank 1: n doubles. */
static int npy_save(const char *dir, const char *name, const double *x, int rank, long n)
{
	char path[1024], hdr[128], shape[32];
	snprintf(path, sizeof path, "%s/%s.npy", dir, name);
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	npy_shape(shape, sizeof shape, rank, n);
	int len = snprintf(hdr, sizeof hdr, "{'descr': '<f8', 'fortran_order': False, 'shape': %s, }", shape);
	int pad = 64 - (10 + len + 1) % 64;
	unsigned short hl = (unsigned short)(len + pad + 1);
	fwrite("\x93NUMPY\x01\x00", 1, 8, f);
	fputc(hl & 255, f);
	fputc(hl >> 8, f);
	fwrite(hdr, 1, (size_t)len, f);
	for (int i = 0; i < pad; i++)
		fputc(' ', f);
	fputc('\n', f);
	fwrite(x, sizeof(double), (size_t)n, f);
	return fclose(f);
}

/* Reads n little-endian doubles of a <f8 .npy of the rank (0 or 1); -1 when the header
 * says otherwise. */
static int npy_load(const char *dir, const char *name, double *x, int rank, long n)
{
	char path[1024], hdr[256];
	unsigned char pre[10];
	snprintf(path, sizeof path, "%s/%s.npy", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	int ok = fread(pre, 1, 10, f) == 10 && !memcmp(pre, "\x93NUMPY\x01", 7);
	size_t hl = ok ? pre[8] + 256u * pre[9] : 0;
	ok = ok && hl < sizeof hdr && fread(hdr, 1, hl, f) == hl;
	if (ok) {
		hdr[hl] = 0;
		char want[64], shape[32];
		npy_shape(shape, sizeof shape, rank, n);
		snprintf(want, sizeof want, "'shape': %s", shape);
		ok = strstr(hdr, "'<f8'") && strstr(hdr, want);
	}
	ok = ok && (long)fread(x, sizeof(double), (size_t)n, f) == n;
	fclose(f);
	return ok ? 0 : -1;
}

/* ---- diagnostics and the picture (main.cu's formulas) ---- */

static void diagnostics(Model *m, double *ke, double *tvar, double *etamax)
{
	const double *u = field_data(m, "u"), *v = field_data(m, "v"), *t = field_data(m, "T");
	const double *eta = field_data(m, "eta");
	const double dx = LX / g_nx, dy = LY / g_ny, dz = LZ / g_nz;
	double sum = 0, s1 = 0, s2 = 0, em = 0;
	for (int k = 0; k < g_nz; k++)
		for (int j = 0; j < g_ny; j++)
			for (int i = 0; i < g_nx; i++) {
				long n = ix3(i, j, k);
				sum += 0.5 * (u[n] * u[n] + v[n] * v[n]) * dx * dy * dz;
				s1 += t[n];
				s2 += t[n] * t[n];
			}
	for (int j = 0; j < g_ny; j++)
		for (int i = 0; i < g_nx; i++)
			em = fmax(em, fabs(eta[ix2(i, j)]));
	double nc = (double)g_nx * g_ny * g_nz;
	*ke = sum;
	*tvar = s2 / nc - (s1 / nc) * (s1 / nc);
	*etamax = em;
}

/* The interior sum of field NAME times the cell volume (0 when the module has no NAME). */
static double content(Model *m, const char *name)
{
	if (find_field(m, name) < 0)
		return 0.0;
	const double *c = field_data(m, name);
	const double dv = (LX / g_nx) * (LY / g_ny) * (LZ / g_nz);
	double sum = 0;
	for (int k = 0; k < g_nz; k++)
		for (int j = 0; j < g_ny; j++)
			for (int i = 0; i < g_nx; i++)
				sum += c[ix3(i, j, k)] * dv;
	return sum;
}

/* One row of --series: step, days, kinetic energy (J), T and S content, max|eta|. */
static void series_row(FILE *f, Model *m, int step, double dt)
{
	double ke, tv, em;
	if (!f)
		return;
	diagnostics(m, &ke, &tv, &em);
	fprintf(f, "%d,%.17g,%.17g,%.17g,%.17g,%.17g\n", step, step * dt / 86400.0, RHO0 * ke,
		content(m, "T"), content(m, "S"), em);
	fflush(f);
}

static void colour(double a, unsigned char *px)
{
	double r = a < 0.5 ? 2 * a : 1.0, b = a < 0.5 ? 1.0 : 2 * (1 - a);
	double g = a < 0.5 ? 2 * a : 2 * (1 - a);
	px[0] = (unsigned char)(255 * r);
	px[1] = (unsigned char)(255 * g);
	px[2] = (unsigned char)(255 * b);
}

/* Surface temperature as RGB, blue-white-red between its extremes, 4 pixels a cell,
 * north at the top (main.cu's write_png). Returns a malloc'ed w x h x 3 image. */
static unsigned char *render_surface(const double *T, int s, int *w, int *h)
{
	double lo = 1e300, hi = -1e300;
	for (int j = 0; j < g_ny; j++)
		for (int i = 0; i < g_nx; i++) {
			lo = fmin(lo, T[ix3(i, j, g_nz - 1)]);
			hi = fmax(hi, T[ix3(i, j, g_nz - 1)]);
		}
	*w = g_nx * s, *h = g_ny * s;
	unsigned char *img = malloc(3 * (size_t)*w * (size_t)*h);
	if (!img)
		return NULL;
	for (int y = 0; y < *h; y++)
		for (int x = 0; x < *w; x++) {
			double t = T[ix3(x / s, (*h - 1 - y) / s, g_nz - 1)];
			colour(hi > lo ? (t - lo) / (hi - lo) : 0.5, img + 3 * ((size_t)y * *w + x));
		}
	return img;
}

static int png_write_rgb(const char *path, const unsigned char *img, int w, int h)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	if (!info || setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		fclose(f);
		return -1;
	}
	png_init_io(png, f);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (int y = 0; y < h; y++)
		png_write_row(png, img + 3 * (size_t)y * w);
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	return fclose(f);
}

static int png_write_surface(const char *path, const double *T)
{
	int w, h;
	unsigned char *img = render_surface(T, 4, &w, &h);
	int rc = img ? png_write_rgb(path, img, w, h) : -1;
	free(img);
	return rc;
}

/* ---- the model through the runtime ---- */

static int fail(const char *what, const char *msg)
{
	fprintf(stderr, "ocean_run: %s: %s\n", what, msg);
	return 1;
}

/* Every parameter but nsteps and first is a field: an f64 array (rank 1) or scalar. */
static int collect_fields(Model *m)
{
	for (int i = 0; i < c2h_module_num_params(m->mod); i++) {
		c2h_param_info pi;
		if (c2h_module_param(m->mod, i, &pi) != C2H_OK)
			return fail("parameter", "cannot read the module's parameters");
		if (!strcmp(pi.name, "nsteps") || !strcmp(pi.name, "first"))
			continue;
		if (pi.dtype != C2H_F64 || pi.rank > 1 || (pi.rank == 1 && pi.dims[0] < 0))
			return fail(pi.name, "not an f64 array or scalar of fixed length (bind it with --set)");
		if (m->nfields == MAX_FIELDS)
			return fail(pi.name, "too many parameters");
		m->param_of[m->nfields] = i;
		m->info[m->nfields++] = pi;
	}
	return 0;
}

/* The halo h with (nx + 2h)(ny + 2h) the length of eta and that times nz + 2h u's. */
static int find_halo(const Model *m)
{
	const char *need[] = {"u", "v", "T", "eta"};
	for (int n = 0; n < 4; n++)
		if (find_field(m, need[n]) < 0)
			return fail(need[n], "the module has no such parameter (the table and picture read it)");
	long n2 = field_len(m, find_field(m, "eta")), n3 = field_len(m, find_field(m, "u"));
	for (g_halo = 0; g_halo <= 8; g_halo++) {
		long t2 = (long)(g_nx + 2 * g_halo) * (g_ny + 2 * g_halo);
		if (t2 == n2 && t2 * (g_nz + 2 * g_halo) == n3)
			return 0;
	}
	return fail("eta", "its length fits no halo of this --nx/--ny/--nz (convert with these sizes)");
}

/* Loads field f from the init folder and binds it. */
static int load_field(Model *m, int f, const char *init)
{
	int64_t n = field_len(m, f);
	char msg[512];
	m->field[f] = c2h_buffer_create(C2H_F64, m->info[f].rank, &n, NULL, 0);
	if (!m->field[f])
		return fail(m->info[f].name, "out of memory");
	if (npy_load(init, m->info[f].name, c2h_buffer_data(m->field[f]), m->info[f].rank, n)) {
		snprintf(msg, sizeof msg, "cannot read %s/%s.npy as f64%s%ld%s", init, m->info[f].name,
			 m->info[f].rank ? "[" : " (0-d, ", (long)n, m->info[f].rank ? "]" : " value)");
		return fail("--init", msg);
	}
	if (c2h_session_bind_index(m->ses, m->param_of[f], m->field[f]) != C2H_OK)
		return fail(m->info[f].name, c2h_session_message(m->ses));
	return 0;
}

static int map_results(Model *m)
{
	for (int f = 0; f < m->nfields; f++)
		m->result_of[f] = -1;
	for (int r = 0; r < c2h_module_num_results(m->mod); r++) {
		c2h_param_info ri;
		if (c2h_module_result(m->mod, r, &ri) != C2H_OK)
			return fail("result", "cannot read the module's results");
		int f = find_field(m, ri.name);
		if (f < 0)
			return fail(ri.name, "a result that is not one of simulate's parameters");
		m->result_of[f] = r;
	}
	return 0;
}

static int bind_scalar(Model *m, const char *name, c2h_buffer **slot)
{
	int i = c2h_module_find_param(m->mod, name);
	c2h_param_info pi;
	if (i < 0 || c2h_module_param(m->mod, i, &pi) != C2H_OK || pi.rank != 0 || pi.dtype != C2H_I32)
		return fail(name, "the module needs it as a 0-d i32 parameter (leave it unbound by --set)");
	*slot = c2h_buffer_create(C2H_I32, 0, NULL, NULL, 0);
	if (!*slot || c2h_session_bind_index(m->ses, i, *slot) != C2H_OK)
		return fail(name, "cannot bind");
	return 0;
}

static int model_open(Model *m, const Options *o)
{
	char msg[512];
	memset(m, 0, sizeof *m);
	if (c2h_module_create_from_file(o->module, &m->mod, msg, sizeof msg) != C2H_OK)
		return fail(o->module, msg);
	if (c2h_session_create(m->mod, o->backend, &m->ses, msg, sizeof msg) != C2H_OK)
		return fail(o->backend, msg);
	if (collect_fields(m) || find_halo(m))
		return 1;
	for (int f = 0; f < m->nfields; f++)
		if (load_field(m, f, o->init))
			return 1;
	if (bind_scalar(m, "nsteps", &m->nsteps) || bind_scalar(m, "first", &m->first))
		return 1;
	return map_results(m);
}

static void model_close(Model *m)
{
	c2h_session_destroy(m->ses);
	for (int f = 0; f < m->nfields; f++)
		c2h_buffer_destroy(m->field[f]);
	c2h_buffer_destroy(m->nsteps);
	c2h_buffer_destroy(m->first);
	c2h_module_destroy(m->mod);
}

/* Runs nsteps steps of dt and copies the new state into the bound field buffers; the
 * clock's last_dt (a parameter, not a result: simulate's Euler step on a change of dt)
 * becomes dt. */
static int model_advance(Model *m, int nsteps, int first, double dt)
{
	*(int32_t *)c2h_buffer_data(m->nsteps) = nsteps;
	*(int32_t *)c2h_buffer_data(m->first) = first;
	if (c2h_session_run(m->ses) != C2H_OK)
		return fail("run", c2h_session_message(m->ses));
	for (int f = 0; f < m->nfields; f++) {
		if (m->result_of[f] < 0)
			continue;
		const c2h_buffer *r = c2h_session_result(m->ses, m->result_of[f]);
		memcpy(c2h_buffer_data(m->field[f]), c2h_buffer_data_const(r), c2h_buffer_nbytes(r));
	}
	int clock = find_field(m, "last_dt");
	if (clock >= 0 && nsteps > 0)
		*(double *)c2h_buffer_data(m->field[clock]) = dt;
	return 0;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static int run_table(Model *m, const Options *o)
{
	double ke, tv, em;
	printf("%8s %10s %14s %14s %12s %10s\n", "step", "days", "kinetic (J/kg m3)", "var(T)",
	       "max|eta|", "ms/step");
	int first = o->first;
	FILE *series = NULL;
	if (o->series) {
		series = fopen(o->series, "w");
		if (!series) {
			fprintf(stderr, "ocean_run: cannot write %s\n", o->series);
			return 1;
		}
		fprintf(series, "step,days,kinetic_energy_J,T_content_K_m3,S_content_m3,max_abs_eta_m\n");
		series_row(series, m, o->start, o->dt);
	}
	for (int n = 0; n < o->steps;) {
		int chunk = o->steps - n < o->every ? o->steps - n : o->every;
		double t0 = now();
		if (model_advance(m, chunk, first, o->dt)) {
			if (series)
				fclose(series);
			return 1;
		}
		double ms = 1e3 * (now() - t0) / chunk;
		first = 0;
		n += chunk;
		diagnostics(m, &ke, &tv, &em);
		int step = o->start + n;
		printf("%8d %10.2f %14.6e %14.6e %12.4e %10.2f\n", step, step * o->dt / 86400.0, ke, tv,
		       em, ms);
		fflush(stdout);
		series_row(series, m, step, o->dt);
		if (!isfinite(ke)) {
			fprintf(stderr, "ocean_run: the solution blew up at step %d\n", n);
			if (series)
				fclose(series);
			return 1;
		}
	}
	if (series && fclose(series)) {
		fprintf(stderr, "ocean_run: cannot write %s\n", o->series);
		return 1;
	}
	return 0;
}

static int write_outputs(Model *m, const Options *o)
{
	if (o->out)
		mkdir(o->out, 0777);   /* an existing folder is fine; a failure shows below */
	if (o->out)
		for (int f = 0; f < m->nfields; f++)
			if (npy_save(o->out, m->info[f].name, c2h_buffer_data(m->field[f]), m->info[f].rank,
				     field_len(m, f))) {
				fprintf(stderr, "ocean_run: cannot write %s/%s.npy\n", o->out, m->info[f].name);
				return 1;
			}
	if (o->png) {
		if (png_write_surface(o->png, field_data(m, "T"))) {
			fprintf(stderr, "ocean_run: cannot write %s\n", o->png);
			return 1;
		}
		printf("ocean_run: wrote %s (surface temperature)\n", o->png);
	}
	return 0;
}

static int usage(const char *argv0)
{
	fprintf(stderr, "usage: %s MODULE --init DIR [--nx N --ny N --nz N] [--steps N] [--every N]\n"
			"       [--dt S] [--backend interp|cpu|pjrt[:P]] [--first 0|1] [--start N] [--png FILE]\n"
			"       [--out DIR] [--series FILE]\n",
		argv0);
	return 2;
}

static int parse_args(int argc, char **argv, Options *o)
{
	*o = (Options){.backend = "interp", .nx = 64, .ny = 64, .nz = 16, .steps = 200, .every = 50,
		       .first = 1, .dt = 150.0};
	for (int a = 1; a < argc; a++) {
		const char *k = argv[a], *v = a + 1 < argc ? argv[a + 1] : NULL;
		if (k[0] != '-' && !o->module) { o->module = k; continue; }
		if (!v) return -1;
		a++;
		if (!strcmp(k, "--init")) o->init = v;
		else if (!strcmp(k, "--backend")) o->backend = v;
		else if (!strcmp(k, "--png")) o->png = v;
		else if (!strcmp(k, "--out")) o->out = v;
		else if (!strcmp(k, "--series")) o->series = v;
		else if (!strcmp(k, "--nx")) o->nx = atoi(v);
		else if (!strcmp(k, "--ny")) o->ny = atoi(v);
		else if (!strcmp(k, "--nz")) o->nz = atoi(v);
		else if (!strcmp(k, "--steps")) o->steps = atoi(v);
		else if (!strcmp(k, "--every")) o->every = atoi(v);
		else if (!strcmp(k, "--first")) o->first = atoi(v);
		else if (!strcmp(k, "--start")) o->start = atoi(v);
		else if (!strcmp(k, "--dt")) o->dt = atof(v);
		else return -1;
	}
	if (!o->module || !o->init || o->nx <= 0 || o->ny <= 0 || o->nz <= 0 || o->steps < 0)
		return -1;
	if (o->every <= 0)
		o->every = o->steps > 0 ? o->steps : 1;
	return 0;
}

int main(int argc, char **argv)
{
	Options o;
	Model m;
	if (parse_args(argc, argv, &o))
		return usage(argv[0]);
	g_nx = o.nx, g_ny = o.ny, g_nz = o.nz;
	double t0 = now();
	int rc = model_open(&m, &o);
	if (!rc) {
		printf("ocean_run: %d x %d x %d, dt = %g s, module %s on %s (loaded in %.2f s)\n", o.nx,
		       o.ny, o.nz, o.dt, o.module, c2h_session_backend(m.ses), now() - t0);
		rc = run_table(&m, &o);
	}
	if (!rc)
		rc = write_outputs(&m, &o);
	model_close(&m);
	return rc;
}
