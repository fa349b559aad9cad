/* boundary_orders.cu: the reconstruction orders the ocean model uses near a Bounded
 * boundary (tracer_weno7.cuh's weno7_face_order; vector_invariant.cuh's vi_order_face,
 * vi_order_centre, vi_centred_face, vi_centred_centre), printed for every face or centre
 * of directions of n cells; boundary_orders.py derives them from Oceananigans' rules.
 * Built with -DHALO=4 -DOCEAN_TRACER_ORDER=7 -DOCEAN_VECTOR_INVARIANT=1. Printed:
 * `name n index order`. */
#include <stdio.h>

#include "../../examples/oceananigans/ocean.cu"

int main(void)
{
	static const int ns[] = {4, 8, 16, 48};
	for (int a = 0; a < 4; a++) {
		int n = ns[a];
		for (int f = 0; f <= n; f++) {
			printf("tracer_face %d %d %d\n", n, f, weno7_face_order(f, n));
			printf("vi_face %d %d %d\n", n, f, vi_order_face(f, n));
			printf("vi_centred_face %d %d %d\n", n, f, vi_centred_face(f, n));
		}
		for (int c = 0; c < n; c++) {
			printf("vi_centre %d %d %d\n", n, c, vi_order_centre(c, n));
			printf("vi_centred_centre %d %d %d\n", n, c, vi_centred_centre(c, n));
		}
	}
	return 0;
}
