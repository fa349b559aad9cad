/* main.cu: host driver for ocean.cu: the baroclinic-adjustment set-up (a meridional
 * buoyancy front in a stratified channel, as in Oceananigans' baroclinic_adjustment
 * example), a time loop in chunks through `simulate`, a table of kinetic energy and
 * tracer variance, a PNG of surface temperature, and optionally the fields as .npy.
 *
 *   ocean [--steps N] [--dt S] [--every N] [--scheme weno|centered] [--png FILE]
 *         [--save DIR] [--load DIR] [--seed N] [--n2 N2] [--m2 M2] [--noise R]
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

enum { F_U, F_V, F_W, F_T, F_S, F_B, F_P, F_GU, F_GV, F_GT, F_GS, F_GUM, F_GVM, F_GTM, F_GSM, NF3 };
enum { F_ETA, F_GETA, F_GETAM, NF2 };
static const char *names3[NF3] = {"u", "v", "w", "T", "S", "b", "p", "Gu", "Gv", "GT", "GS",
				  "Gum", "Gvm", "GTm", "GSm"};
static const char *names2[NF2] = {"eta", "Geta", "Getam"};

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

/* Set-up parameters (--n2, --m2, --noise): stratification N^2 (1/s^2), lateral
 * gradient M^2 (1/s^2) over a front of width Dy, noise amplitude relative to db. */
static double set_n2 = 1e-5, set_m2 = 2e-7, set_noise = 5e-2;

/* b = N^2 z + db ramp(y) + noise, carried by temperature (S uniform). */
static void initial_state(double *h3[NF3], double *h2[NF2])
{
	const double N2 = set_n2, M2 = set_m2, Dy = 1.0e5, db = M2 * Dy, eps = set_noise * db;
	for (int f = 0; f < NF3; f++)
		memset(h3[f], 0, sizeof(double) * NTOTAL);
	for (int f = 0; f < NF2; f++)
		memset(h2[f], 0, sizeof(double) * NTOTAL2);
	for (int k = 0; k < NZ; k++)
		for (int j = 0; j < NY; j++)
			for (int i = 0; i < NX; i++) {
				double z = -LZ + (k + 0.5) * DZ, y = (j + 0.5) * DY - 0.5 * LY;
				double ramp = fmin(fmax(0.0, y / Dy + 0.5), 1.0);
				double b = N2 * z + db * ramp + eps * randn();
				h3[F_T][IX(i, j, k)] = T_REF + b / (G_EARTH * ALPHA);
				h3[F_S][IX(i, j, k)] = S_REF;
			}
}

static void diagnostics(double *h3[NF3], double *h2[NF2], double *ke, double *tvar, double *etamax)
{
	double sum = 0, s1 = 0, s2 = 0, em = 0;
	for (int k = 0; k < NZ; k++)
		for (int j = 0; j < NY; j++)
			for (int i = 0; i < NX; i++) {
				int n = IX(i, j, k);
				double u = h3[F_U][n], v = h3[F_V][n], t = h3[F_T][n];
				sum += 0.5 * (u * u + v * v) * DX * DY * DZ;
				s1 += t;
				s2 += t * t;
			}
	for (int j = 0; j < NY; j++)
		for (int i = 0; i < NX; i++)
			em = fmax(em, fabs(h2[F_ETA][IX2(i, j)]));
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
		else {
			fprintf(stderr, "usage: %s [--steps N] [--dt S] [--every N] [--scheme weno|centered] "
					"[--png FILE] [--save DIR] [--load DIR] [--seed N] [--n2 N2] [--m2 M2] [--noise R]\n", argv[0]);
			return 2;
		}
	}
	if (every <= 0)
		every = steps > 0 ? steps : 1;
	double *h3[NF3], *h2[NF2], *d3[NF3], *d2[NF2];
	for (int f = 0; f < NF3; f++) {
		h3[f] = (double *)malloc(sizeof(double) * NTOTAL);
		cudaMalloc((void **)&d3[f], sizeof(double) * NTOTAL);
	}
	for (int f = 0; f < NF2; f++) {
		h2[f] = (double *)malloc(sizeof(double) * NTOTAL2);
		cudaMalloc((void **)&d2[f], sizeof(double) * NTOTAL2);
	}
	initial_state(h3, h2);
	int first = 1;
	if (load) {
		for (int f = 0; f < NF3; f++)
			if (load_npy(load, names3[f], h3[f], NTOTAL)) { fprintf(stderr, "cannot load %s/%s.npy\n", load, names3[f]); return 1; }
		for (int f = 0; f < NF2; f++)
			if (load_npy(load, names2[f], h2[f], NTOTAL2)) { fprintf(stderr, "cannot load %s/%s.npy\n", load, names2[f]); return 1; }
		first = 0;
	}
	for (int f = 0; f < NF3; f++)
		cudaMemcpy(d3[f], h3[f], sizeof(double) * NTOTAL, cudaMemcpyHostToDevice);
	for (int f = 0; f < NF2; f++)
		cudaMemcpy(d2[f], h2[f], sizeof(double) * NTOTAL2, cudaMemcpyHostToDevice);
	if (!load)
		initialize_state(d3[F_U], d3[F_V], d3[F_W], d3[F_T], d3[F_S], d2[F_ETA], d3[F_B],
				 d3[F_P], d2[F_GETA]);
	printf("ocean: %d x %d x %d, dt = %g s, %s advection\n", NX, NY, NZ, dt, scheme ? "WENO5" : "centred");
	printf("%8s %10s %14s %14s %12s %10s\n", "step", "days", "kinetic (J/kg m3)", "var(T)", "max|eta|", "ms/step");
	for (int n = 0; n < steps;) {
		int chunk = steps - n < every ? steps - n : every;
		double t0 = now();
		simulate(d3[F_U], d3[F_V], d3[F_W], d3[F_T], d3[F_S], d2[F_ETA], d3[F_B], d3[F_P],
			 d3[F_GU], d3[F_GV], d3[F_GT], d3[F_GS], d2[F_GETA], d3[F_GUM], d3[F_GVM],
			 d3[F_GTM], d3[F_GSM], d2[F_GETAM], dt, chunk, first, scheme);
		cudaDeviceSynchronize();
		double ms = 1e3 * (now() - t0) / chunk;
		first = 0;
		n += chunk;
		cudaMemcpy(h3[F_U], d3[F_U], sizeof(double) * NTOTAL, cudaMemcpyDeviceToHost);
		cudaMemcpy(h3[F_V], d3[F_V], sizeof(double) * NTOTAL, cudaMemcpyDeviceToHost);
		cudaMemcpy(h3[F_T], d3[F_T], sizeof(double) * NTOTAL, cudaMemcpyDeviceToHost);
		cudaMemcpy(h2[F_ETA], d2[F_ETA], sizeof(double) * NTOTAL2, cudaMemcpyDeviceToHost);
		double ke, tv, em;
		diagnostics(h3, h2, &ke, &tv, &em);
		printf("%8d %10.2f %14.6e %14.6e %12.4e %10.2f\n", n, n * dt / 86400.0, ke, tv, em, ms);
		fflush(stdout);
		if (!isfinite(ke)) {
			fprintf(stderr, "ocean: the solution blew up at step %d\n", n);
			return 1;
		}
	}
	for (int f = 0; f < NF3; f++)
		cudaMemcpy(h3[f], d3[f], sizeof(double) * NTOTAL, cudaMemcpyDeviceToHost);
	for (int f = 0; f < NF2; f++)
		cudaMemcpy(h2[f], d2[f], sizeof(double) * NTOTAL2, cudaMemcpyDeviceToHost);
	if (save) {
		for (int f = 0; f < NF3; f++)
			save_npy(save, names3[f], h3[f], NTOTAL);
		for (int f = 0; f < NF2; f++)
			save_npy(save, names2[f], h2[f], NTOTAL2);
	}
#ifdef OCEAN_PNG
	if (png && write_png(png, h3[F_T]) == 0)
		printf("ocean: wrote %s (surface temperature)\n", png);
#else
	if (png)
		fprintf(stderr, "ocean: built without libpng (-DOCEAN_PNG -lpng); no PNG written\n");
#endif
	for (int f = 0; f < NF3; f++) {
		cudaFree(d3[f]);
		free(h3[f]);
	}
	for (int f = 0; f < NF2; f++) {
		cudaFree(d2[f]);
		free(h2[f]);
	}
	return 0;
}
