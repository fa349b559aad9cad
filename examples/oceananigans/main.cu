/* main.cu: host driver for ocean.cu: the baroclinic-adjustment set-up (a meridional
 * buoyancy front in a stratified channel, as in Oceananigans' baroclinic_adjustment
 * example), a time loop in chunks through `simulate`, a table of kinetic energy and
 * tracer variance, a PNG of surface temperature, and optionally the fields as .npy.
 *
 *   ocean [--steps N] [--dt S] [--every N] [--scheme weno|centered] [--png FILE]
 *         [--save DIR] [--load DIR] [--seed N] [--n2 N2] [--m2 M2] [--noise R] [--fields]
 *
 * The state is state.cuh's list: --save/--load write/read every field as NAME.npy and
 * the clock's last time step as last_dt.npy (a change of --dt makes an Euler step);
 * --fields prints the list with each array's length and exits.
 *
 * Build natively with nvcc (see README.md) or emulated on the CPU (run_demo.sh). */
#include "ocean.cu"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef OCEAN_PNG
#include <png.h>
#endif

/* The state of state.cuh: F_u, F_v, ... index names[], is2d[] and the arrays below. */
#define F_ENUM(f) F_##f,
enum { OCEAN_STATE(F_ENUM, F_ENUM) NF };
#define F_NAME(f) #f,
static const char *names[NF] = {OCEAN_STATE(F_NAME, F_NAME)};
#define F_IS3(f) 0,
#define F_IS2(f) 1,
static const int is2d[NF] = {OCEAN_STATE(F_IS3, F_IS2)};

static long field_len(int f)
{
	return is2d[f] ? NTOTAL2 : NTOTAL;
}

/* A reproducible normal deviate (xorshift64* and Box-Muller). */
static uint64_t rng_state = 88172645463325252ull;
static double uniform01(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return ((rng_state * 2685821657736338717ull) >> 11) * (1.0 / 9007199254740992.0);
}
static double randn(void)
{
	double a = uniform01() + 1e-300, b = uniform01();
	return sqrt(-2.0 * log(a)) * cos(2.0 * M_PI * b);
}

/* The set-up's temperature and salinity around which the buoyancy varies (the linear
 * equation of state has no reference values: b = g (alpha T - beta S)). */
#define T_REF 10.0
#define S_REF 35.0

/* Set-up parameters (--n2, --m2, --noise): stratification N^2 (1/s^2), lateral
 * gradient M^2 (1/s^2) over a front of width Dy, noise amplitude relative to db. */
static double set_n2 = 1e-5, set_m2 = 2e-7, set_noise = 5e-2;

/* The basic case: b = N^2 z + db ramp(y) + noise, carried by temperature (S uniform).
 * The channel (OCEAN_CASE == CHANNEL, channel.cuh): T = T*(y) + N^2 (z - z_top) / (g alpha)
 * + noise, the surface restoring profile at the top cell over a uniform stratification
 * CHANNEL_N2 (--n2 ignored), the noise --noise times T*'s south-north drop, in K. */
static void initial_state(double *h[NF])
{
	const double N2 = set_n2, M2 = set_m2, Dy = 1.0e5, db = M2 * Dy, eps = set_noise * db;
	for (int f = 0; f < NF; f++)
		memset(h[f], 0, sizeof(double) * field_len(f));
	for (int k = 0; k < NZ; k++)
		for (int j = 0; j < NY; j++)
			for (int i = 0; i < NX; i++) {
				double z = -LZ + (k + 0.5) * DZ, y = (j + 0.5) * DY - 0.5 * LY;
#if OCEAN_CASE == CHANNEL
				double ztop = -0.5 * DZ;
				h[F_T][IX(i, j, k)] = RESTORING_T_STAR(y) +
					CHANNEL_N2 * (z - ztop) / (G_EARTH * ALPHA) +
					set_noise * T_STAR_DELTA * randn();
				(void)N2, (void)eps;
#else
				double ramp = fmin(fmax(0.0, y / Dy + 0.5), 1.0);
				double b = N2 * z + db * ramp + eps * randn();
				h[F_T][IX(i, j, k)] = T_REF + b / (G_EARTH * ALPHA);
#endif
				h[F_S][IX(i, j, k)] = S_REF;
			}
}

static void diagnostics(double *h[NF], double *ke, double *tvar, double *etamax)
{
	double sum = 0, s1 = 0, s2 = 0, em = 0;
	for (int k = 0; k < NZ; k++)
		for (int j = 0; j < NY; j++)
			for (int i = 0; i < NX; i++) {
				int n = IX(i, j, k);
				double u = h[F_u][n], v = h[F_v][n], t = h[F_T][n];
				sum += 0.5 * (u * u + v * v) * DX * DY * DZ;
				s1 += t;
				s2 += t * t;
			}
	for (int j = 0; j < NY; j++)
		for (int i = 0; i < NX; i++)
			em = fmax(em, fabs(h[F_eta][IX2(i, j)]));
	double nc = (double)NX * NY * NZ;
	*ke = sum;
	*tvar = s2 / nc - (s1 / nc) * (s1 / nc);
	*etamax = em;
}

#ifdef OCEAN_PNG
/* Surface temperature as a blue-white-red image, 4 pixels per cell. */
static int write_png(const char *path, const double *T)
{
	const int s = 4, w = NX * s, h = NY * s;
	double lo = 1e300, hi = -1e300;
	for (int j = 0; j < NY; j++)
		for (int i = 0; i < NX; i++) {
			double t = T[IX(i, j, NZ - 1)];
			lo = fmin(lo, t);
			hi = fmax(hi, t);
		}
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png_create_info_struct(png);
	if (setjmp(png_jmpbuf(png))) {
		fclose(f);
		return -1;
	}
	png_init_io(png, f);
	png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	unsigned char *row = (unsigned char *)malloc(3 * w);
	for (int y = h - 1; y >= 0; y--) {          /* north at the top */
		for (int x = 0; x < w; x++) {
			double t = T[IX(x / s, y / s, NZ - 1)];
			double a = hi > lo ? (t - lo) / (hi - lo) : 0.5;
			double r = a < 0.5 ? 2 * a : 1.0, b = a < 0.5 ? 1.0 : 2 * (1 - a);
			double g = a < 0.5 ? 2 * a : 2 * (1 - a);
			row[3 * x] = (unsigned char)(255 * r);
			row[3 * x + 1] = (unsigned char)(255 * g);
			row[3 * x + 2] = (unsigned char)(255 * b);
		}
		png_write_row(png, row);
	}
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	free(row);
	fclose(f);
	return 0;
}
#endif

/* .npy (version 1.0, <f8, C order, 1-D) of n doubles. */
static int save_npy(const char *dir, const char *name, const double *x, long n)
{
	char path[1024], hdr[128];
	snprintf(path, sizeof path, "%s/%s.npy", dir, name);
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	int len = snprintf(hdr, sizeof hdr, "{'descr': '<f8', 'fortran_order': False, 'shape': (%ld,), }", n);
	int pad = 64 - (10 + len + 1) % 64;
	fwrite("\x93NUMPY\x01\x00", 1, 8, f);
	unsigned short hl = (unsigned short)(len + pad + 1);
	fputc(hl & 255, f);
	fputc(hl >> 8, f);
	fwrite(hdr, 1, len, f);
	for (int i = 0; i < pad; i++)
		fputc(' ', f);
	fputc('\n', f);
	fwrite(x, sizeof(double), n, f);
	return fclose(f);
}

static int load_npy(const char *dir, const char *name, double *x, long n)
{
	char path[1024];
	unsigned char pre[10];
	snprintf(path, sizeof path, "%s/%s.npy", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f || fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY\x01", 7)) {
		if (f)
			fclose(f);
		return -1;
	}
	fseek(f, 10 + pre[8] + 256 * pre[9], SEEK_SET);
	long got = (long)fread(x, sizeof(double), n, f);
	fclose(f);
	return got == n ? 0 : -1;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* --fields: the state list of state.cuh with each array's length in doubles, one
 * `NAME LENGTH` a line (check.sh gives them to cuda2hlo as --size). */
static void print_fields(void)
{
	for (int f = 0; f < NF; f++)
		printf("%s %ld\n", names[f], field_len(f));
}

/* A 0-d .npy of one double (the clock's last_dt). */
static int save_scalar(const char *dir, const char *name, double x)
{
	char path[1024], hdr[128];
	snprintf(path, sizeof path, "%s/%s.npy", dir, name);
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	int len = snprintf(hdr, sizeof hdr, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }");
	int pad = 64 - (10 + len + 1) % 64;
	unsigned short hl = (unsigned short)(len + pad + 1);
	fwrite("\x93NUMPY\x01\x00", 1, 8, f);
	fputc(hl & 255, f);
	fputc(hl >> 8, f);
	fwrite(hdr, 1, len, f);
	for (int i = 0; i < pad; i++)
		fputc(' ', f);
	fputc('\n', f);
	fwrite(&x, sizeof(double), 1, f);
	return fclose(f);
}

static int load_state(const char *dir, double *h[NF])
{
	for (int f = 0; f < NF; f++)
		if (load_npy(dir, names[f], h[f], field_len(f))) {
			fprintf(stderr, "cannot load %s/%s.npy\n", dir, names[f]);
			return 1;
		}
	return 0;
}

static void save_state(const char *dir, double *h[NF])
{
	for (int f = 0; f < NF; f++)
		save_npy(dir, names[f], h[f], field_len(f));
}

static void copy_state(double *to[NF], double *from[NF], cudaMemcpyKind kind)
{
	for (int f = 0; f < NF; f++)
		cudaMemcpy(to[f], from[f], sizeof(double) * field_len(f), kind);
}

/* The time loop in chunks of `every` steps, a table line after each; *last_dt is the
 * clock's time step of the last step taken (infinite before any), updated. */
static int run(double *h[NF], double *d[NF], int steps, int every, double dt, double *last_dt,
	       int first, int scheme)
{
#define F_DEV(f) d[F_##f],
	printf("%8s %10s %14s %14s %12s %10s\n", "step", "days", "kinetic (J/kg m3)", "var(T)", "max|eta|", "ms/step");
	for (int n = 0; n < steps;) {
		int chunk = steps - n < every ? steps - n : every;
		double t0 = now();
		simulate(OCEAN_STATE(F_DEV, F_DEV) dt, *last_dt, chunk, first, scheme);
		*last_dt = dt;
		cudaDeviceSynchronize();
		double ms = 1e3 * (now() - t0) / chunk;
		first = 0;
		n += chunk;
		copy_state(h, d, cudaMemcpyDeviceToHost);
		double ke, tv, em;
		diagnostics(h, &ke, &tv, &em);
		printf("%8d %10.2f %14.6e %14.6e %12.4e %10.2f\n", n, n * dt / 86400.0, ke, tv, em, ms);
		fflush(stdout);
		if (!isfinite(ke)) {
			fprintf(stderr, "ocean: the solution blew up at step %d\n", n);
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	int steps = 200, every = 50, scheme = 1;
	double dt = 150.0;
	const char *png = NULL, *save = NULL, *load = NULL;
	for (int a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--steps") && a + 1 < argc) steps = atoi(argv[++a]);
		else if (!strcmp(argv[a], "--dt") && a + 1 < argc) dt = atof(argv[++a]);
		else if (!strcmp(argv[a], "--every") && a + 1 < argc) every = atoi(argv[++a]);
		else if (!strcmp(argv[a], "--scheme") && a + 1 < argc) scheme = strcmp(argv[++a], "centered") != 0;
		else if (!strcmp(argv[a], "--png") && a + 1 < argc) png = argv[++a];
		else if (!strcmp(argv[a], "--save") && a + 1 < argc) save = argv[++a];
		else if (!strcmp(argv[a], "--load") && a + 1 < argc) load = argv[++a];
		else if (!strcmp(argv[a], "--seed") && a + 1 < argc) rng_state += strtoull(argv[++a], NULL, 10);
		else if (!strcmp(argv[a], "--n2") && a + 1 < argc) set_n2 = atof(argv[++a]);
		else if (!strcmp(argv[a], "--m2") && a + 1 < argc) set_m2 = atof(argv[++a]);
		else if (!strcmp(argv[a], "--noise") && a + 1 < argc) set_noise = atof(argv[++a]);
		else if (!strcmp(argv[a], "--fields")) { print_fields(); return 0; }
		else {
			fprintf(stderr, "usage: %s [--steps N] [--dt S] [--every N] [--scheme weno|centered] "
					"[--png FILE] [--save DIR] [--load DIR] [--seed N] [--n2 N2] [--m2 M2] [--noise R] "
					"[--fields]\n", argv[0]);
			return 2;
		}
	}
	if (every <= 0)
		every = steps > 0 ? steps : 1;
	double *h[NF], *d[NF];
	for (int f = 0; f < NF; f++) {
		h[f] = (double *)malloc(sizeof(double) * field_len(f));
		cudaMalloc((void **)&d[f], sizeof(double) * field_len(f));
	}
	initial_state(h);
	double last_dt = INFINITY;   /* no step yet (a save without last_dt.npy: the same) */
	if (load && load_state(load, h))
		return 1;
	if (load)
		load_npy(load, "last_dt", &last_dt, 1);
	copy_state(d, h, cudaMemcpyHostToDevice);
	if (!load) {
		initialize_state(d[F_u], d[F_v], d[F_w], d[F_T], d[F_S], d[F_eta], d[F_b], d[F_p],
				 d[F_Geta]);
#if OCEAN_FS == SPLIT
		initialize_free_surface(d[F_u], d[F_v], d[F_U], d[F_V]);
#endif
#if OCEAN_CATKE
		catke_update_state(d[F_u], d[F_v], d[F_b], d[F_e], d[F_kappa_u], d[F_kappa_c],
				   d[F_kappa_e]);
#endif
	}
	printf("ocean: %d x %d x %d, dt = %g s, %s advection\n", NX, NY, NZ, dt, scheme ? "WENO5" : "centred");
	if (run(h, d, steps, every, dt, &last_dt, !load, scheme))
		return 1;
	copy_state(h, d, cudaMemcpyDeviceToHost);
	if (save) {
		save_state(save, h);
		save_scalar(save, "last_dt", last_dt);
	}
#ifdef OCEAN_PNG
	if (png && write_png(png, h[F_T]) == 0)
		printf("ocean: wrote %s (surface temperature)\n", png);
#else
	if (png)
		fprintf(stderr, "ocean: built without libpng (-DOCEAN_PNG -lpng); no PNG written\n");
#endif
	for (int f = 0; f < NF; f++) {
		cudaFree(d[f]);
		free(h[f]);
	}
	return 0;
}
