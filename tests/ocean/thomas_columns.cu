/* thomas_columns.cu IN OUT LOC LIN DT: runs catke.cuh's implicit_vertical_diffusion (the
 * model's per-column Thomas solve) once on the state in IN (c.bin, kappa.bin, L.bin: raw
 * doubles, NTOTAL each, halos included) and writes the solved c to OUT/c.bin. */
#include "../../examples/oceananigans/ocean.cu"
#include <stdio.h>
#include <stdlib.h>

static int load(const char *dir, const char *name, double *x)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s.bin", dir, name);
	FILE *f = fopen(path, "rb");
	size_t got = f ? fread(x, sizeof(double), NTOTAL, f) : 0;
	if (f)
		fclose(f);
	return got == NTOTAL ? 0 : -1;
}

int main(int argc, char **argv)
{
	if (argc != 6) {
		fprintf(stderr, "usage: %s IN OUT LOC LIN DT\n", argv[0]);
		return 2;
	}
	static double h[3][NTOTAL];
	const char *names[3] = {"c", "kappa", "L"};
	double *d[3], *cp, *dp;
	for (int f = 0; f < 3; f++) {
		if (load(argv[1], names[f], h[f])) {
			fprintf(stderr, "cannot read %s/%s.bin\n", argv[1], names[f]);
			return 1;
		}
		cudaMalloc((void **)&d[f], sizeof(double) * NTOTAL);
		cudaMemcpy(d[f], h[f], sizeof(double) * NTOTAL, cudaMemcpyHostToDevice);
	}
	cudaMalloc((void **)&cp, sizeof(double) * NTOTAL);
	cudaMalloc((void **)&dp, sizeof(double) * NTOTAL);
	dim3 block(BX, BY, 1);
	dim3 grid2((NX + BX - 1) / BX, (NY + BY - 1) / BY, 1);
	implicit_vertical_diffusion<<<grid2, block>>>(d[0], d[1], d[2], atof(argv[4]), atof(argv[5]),
						      atoi(argv[3]), cp, dp);
	cudaMemcpy(h[0], d[0], sizeof(double) * NTOTAL, cudaMemcpyDeviceToHost);
	char path[1024];
	snprintf(path, sizeof path, "%s/c.bin", argv[2]);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(h[0], sizeof(double), NTOTAL, f) != NTOTAL)
		return 1;
	return fclose(f) ? 1 : 0;
}
