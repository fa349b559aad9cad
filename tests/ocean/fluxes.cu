/* fluxes.cu: the ocean model's boundary fluxes and beta-plane Coriolis on a chosen state,
 * run under the CUDA emulator by fluxes.py, which compares with values computed by hand
 * from the formulas (Oceananigans' BulkDrag, flux boundary conditions, BetaPlane).
 * Built with -DNX=16 -DNY=16 -DNZ=4 -DOCEAN_BOTTOM_DRAG=1 -DOCEAN_WIND_STRESS=1
 * -DOCEAN_HEAT_FLUX=1 -DOCEAN_SURFACE_RESTORING=1 -DOCEAN_BETA_PLANE=1.
 *
 * State: u = 0.3 and v = -0.4 m/s everywhere (halos too), w = 0.01 m/s on face k = 1 and 0
 * elsewhere, T = 12.5 (the restoring's departure from T*(y)), S = p = eta = 0. apply_flux_bcs runs on zero tendencies; u_tendency and
 * v_tendency run on u = 0.1, v = 0.2 (uniform, w = 0: no advection, no diffusion, only the
 * Coriolis term). Printed: `name j value` for the interior column i = 5 at every row j. */
#include <stdio.h>

#include "../../examples/oceananigans/ocean.cu"

static double *field(double value)
{
	double *a;
	cudaMallocManaged(&a, NTOTAL * sizeof(double));
	for (int n = 0; n < NTOTAL; n++)
		a[n] = value;
	return a;
}

int main(void)
{
	dim3 block(BX, BY, 1);
	dim3 grid2((NX + BX - 1) / BX, (NY + BY - 1) / BY, 1);
	dim3 grid3((NX + BX - 1) / BX, (NY + BY - 1) / BY, NZ);
	double *u = field(0.3), *v = field(-0.4), *w = field(0.0), *p = field(0.0);
	double *eta = field(0.0), *Gu = field(0.0), *Gv = field(0.0), *GT = field(0.0);
	double *T = field(12.5);
	for (int j = -H; j < NY + H; j++)
		for (int i = -H; i < NX + H; i++)
			w[IX(i, j, 1)] = 0.01;
	apply_flux_bcs<<<grid2, block>>>(u, v, w, T, Gu, Gv, GT);
	cudaDeviceSynchronize();
	for (int j = 0; j < NY; j++) {
		printf("drag_u %d %.17g\n", j, Gu[IX(5, j, 0)]);
		printf("drag_v %d %.17g\n", j, Gv[IX(5, j, 0)]);
		printf("wind_u %d %.17g\n", j, Gu[IX(5, j, NZ - 1)]);
		printf("surface_T %d %.17g\n", j, GT[IX(5, j, NZ - 1)]);
		printf("untouched %d %.17g\n", j, Gu[IX(5, j, 1)] + Gv[IX(5, j, 2)] + GT[IX(5, j, 0)]);
	}
	for (int n = 0; n < NTOTAL; n++) {
		u[n] = 0.1;
		v[n] = 0.2;
		w[n] = 0.0;
	}
	u_tendency<<<grid3, block>>>(u, v, w, p, eta, Gu);
	v_tendency<<<grid3, block>>>(u, v, w, p, eta, Gv);
	cudaDeviceSynchronize();
	for (int j = 0; j < NY; j++) {
		printf("coriolis_u %d %.17g\n", j, Gu[IX(5, j, 1)]);
		printf("coriolis_v %d %.17g\n", j, Gv[IX(5, j, 1)]);
	}
	return 0;
}
