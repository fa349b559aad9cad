/* dot.c: dot_general as a packed, cache-blocked matrix product (cpu.h, "dot.c").
 *
 * Consumes a dot_general of f32 or f64 operands of rank 1 or 2 with one contracting
 * dimension and no batch dimensions (any operand layout: the contracting dimension may
 * be either one), and the operands' storage; produces the result C[M, N] in row-major
 * order. The loop structure is the classic one of BLIS/GotoBLAS: a KC-deep slab of B
 * is packed into NR-wide column panels, each MC-row block of A into MR-high row panels,
 * and an MR x NR micro-kernel keeps its accumulators in vector registers (GCC vector
 * extensions; this file is compiled with -O3 -march=native -ffp-contract=fast, so FMA
 * and the widest vectors are used). Row blocks of A are spread across the thread pool.
 * Floats are summed in blocked order with fused multiply-adds: a reduction, so the
 * order is implementation-defined (StableHLO spec, dot_general); f32 accumulates in f32
 * as XLA CPU does. */
#include "cpu.h"

#include <stdlib.h>
#include <string.h>

#if defined(__AVX512F__)
#define VBYTES 64
#else
#define VBYTES 32
#endif

enum { MR = 6, KC = 256, MC = 96 };

typedef struct Geom {
	int64_t m, n, k;
	int64_t am, ak;    /* element strides of A(i, k) */
	int64_t bk, bn;    /* element strides of B(k, j) */
} Geom;

static int geom_of(const TFunc *f, const TOp *op, Geom *g)
{
	const TType *lt = tir_value_type(f, op->operands[0]), *rt = tir_value_type(f, op->operands[1]);
	TAttr *a = tir_op_attr(op, "dot_dimension_numbers");
	if (!a || a->kind != TA_DOT_DIMS)
		return -1;
	const TDotDims *dd = &a->u.dot;
	if (dd->lhs_batch.n || dd->rhs_batch.n || dd->lhs_contract.n != 1 || dd->rhs_contract.n != 1)
		return -1;
	if (lt->rank < 1 || lt->rank > 2 || rt->rank < 1 || rt->rank > 2)
		return -1;
	int lc = (int)dd->lhs_contract.v[0], rc = (int)dd->rhs_contract.v[0];
	int64_t lst[2] = {lt->rank == 2 ? lt->dims[1] : 1, 1}, rst[2] = {rt->rank == 2 ? rt->dims[1] : 1, 1};
	g->k = lt->dims[lc];
	g->ak = lst[lc];
	g->m = lt->rank == 2 ? lt->dims[1 - lc] : 1;
	g->am = lt->rank == 2 ? lst[1 - lc] : 0;
	g->bk = rst[rc];
	g->n = rt->rank == 2 ? rt->dims[1 - rc] : 1;
	g->bn = rt->rank == 2 ? rst[1 - rc] : 0;
	return 0;
}

int cpu_dot_supported(const TFunc *f, const TOp *op)
{
	const TType *lt = tir_value_type(f, op->operands[0]), *rt = tir_value_type(f, op->operands[1]);
	const TType *ot = tir_value_type(f, op->results[0]);
	if (lt->kind != TY_TENSOR || rt->kind != TY_TENSOR || ot->kind != TY_TENSOR)
		return 0;
	if (lt->dt != rt->dt || lt->dt != ot->dt || (lt->dt != DT_F32 && lt->dt != DT_F64))
		return 0;
	Geom g;
	return geom_of(f, op, &g) == 0 && g.m * g.n > 0;
}

/* One instance per element type: T the element, VL elements per vector. */
#define DEFINE_GEMM(T, SUF) \
	enum { VL_##SUF = VBYTES / (int)sizeof(T), NR_##SUF = 2 * VL_##SUF }; \
	typedef T V_##SUF __attribute__((vector_size(VBYTES))); \
	typedef T VU_##SUF __attribute__((vector_size(VBYTES), aligned(sizeof(T)))); \
	\
	/* c[MR x NR] (=|+=) ap[kc x MR]^T bp[kc x NR]; partial tiles go through a buffer. */ \
	static void kernel_##SUF(int64_t kc, const T *ap, const T *bp, T *c, int64_t ldc, int add, int mr, int nr) \
	{ \
		V_##SUF acc[MR][2]; \
		memset(acc, 0, sizeof acc); \
		for (int64_t k = 0; k < kc; k++) { \
			V_##SUF b0 = *(const V_##SUF *)(bp + k * NR_##SUF); \
			V_##SUF b1 = *(const V_##SUF *)(bp + k * NR_##SUF + VL_##SUF); \
			for (int r = 0; r < MR; r++) { \
				T a = ap[k * MR + r]; \
				acc[r][0] += a * b0; \
				acc[r][1] += a * b1; \
			} \
		} \
		if (mr == MR && nr == NR_##SUF) { \
			for (int r = 0; r < MR; r++) { \
				VU_##SUF *p0 = (VU_##SUF *)(c + r * ldc), *p1 = (VU_##SUF *)(c + r * ldc + VL_##SUF); \
				if (add) \
					*p0 += acc[r][0], *p1 += acc[r][1]; \
				else \
					*p0 = acc[r][0], *p1 = acc[r][1]; \
			} \
			return; \
		} \
		T tile[MR][NR_##SUF]; \
		memcpy(tile, acc, sizeof tile); \
		for (int r = 0; r < mr; r++) \
			for (int j = 0; j < nr; j++) \
				c[r * ldc + j] = add ? c[r * ldc + j] + tile[r][j] : tile[r][j]; \
	} \
	\
	typedef struct Job_##SUF { \
		const Geom *g; \
		const T *a; \
		const T *bpack; \
		T *c; \
		int64_t pc, kc; \
	} Job_##SUF; \
	\
	static void pack_b_##SUF(const Geom *g, const T *b, T *bp, int64_t pc, int64_t kc, int64_t j0, int64_t j1) \
	{ \
		for (int64_t jp = j0; jp < j1; jp++) { \
			T *dst = bp + jp * kc * NR_##SUF; \
			for (int64_t k = 0; k < kc; k++) \
				for (int j = 0; j < NR_##SUF; j++) { \
					int64_t col = jp * NR_##SUF + j; \
					dst[k * NR_##SUF + j] = col < g->n ? b[(pc + k) * g->bk + col * g->bn] : (T)0; \
				} \
		} \
	} \
	\
	static void pack_a_##SUF(const Geom *g, const T *a, T *ap, int64_t ic, int64_t mc, int64_t pc, int64_t kc) \
	{ \
		for (int64_t ip = 0; ip < (mc + MR - 1) / MR; ip++) { \
			T *dst = ap + ip * kc * MR; \
			for (int64_t k = 0; k < kc; k++) \
				for (int r = 0; r < MR; r++) { \
					int64_t row = ic + ip * MR + r; \
					dst[k * MR + r] = row < ic + mc ? a[row * g->am + (pc + k) * g->ak] : (T)0; \
				} \
		} \
	} \
	\
	/* Task: row blocks [lo, hi) of MC rows against the packed slab. */ \
	static void rows_##SUF(void *ctx, int64_t lo, int64_t hi) \
	{ \
		Job_##SUF *jb = ctx; \
		const Geom *g = jb->g; \
		T *ap = aligned_alloc(64, sizeof(T) * (size_t)(MC * KC)); \
		int64_t npanels = (g->n + NR_##SUF - 1) / NR_##SUF; \
		for (int64_t blk = lo; blk < hi; blk++) { \
			int64_t ic = blk * MC, mc = g->m - ic < MC ? g->m - ic : MC; \
			pack_a_##SUF(g, jb->a, ap, ic, mc, jb->pc, jb->kc); \
			for (int64_t jp = 0; jp < npanels; jp++) { \
				int nr = (int)(g->n - jp * NR_##SUF < NR_##SUF ? g->n - jp * NR_##SUF : NR_##SUF); \
				const T *bp = jb->bpack + jp * jb->kc * NR_##SUF; \
				for (int64_t ip = 0; ip * MR < mc; ip++) { \
					int mr = (int)(mc - ip * MR < MR ? mc - ip * MR : MR); \
					T *c = jb->c + (ic + ip * MR) * g->n + jp * NR_##SUF; \
					kernel_##SUF(jb->kc, ap + ip * jb->kc * MR, bp, c, g->n, jb->pc > 0, mr, nr); \
				} \
			} \
		} \
		free(ap); \
	} \
	\
	typedef struct PackJob_##SUF { \
		const Geom *g; \
		const T *b; \
		T *bp; \
		int64_t pc, kc; \
	} PackJob_##SUF; \
	\
	static void pack_task_##SUF(void *ctx, int64_t lo, int64_t hi) \
	{ \
		PackJob_##SUF *pj = ctx; \
		pack_b_##SUF(pj->g, pj->b, pj->bp, pj->pc, pj->kc, lo, hi); \
	} \
	\
	static void gemm_##SUF(CpuPool *pool, const Geom *g, const T *a, const T *b, T *c) \
	{ \
		int64_t npanels = (g->n + NR_##SUF - 1) / NR_##SUF; \
		T *bp = aligned_alloc(64, sizeof(T) * (size_t)(npanels * NR_##SUF * KC)); \
		if (g->k == 0) \
			memset(c, 0, sizeof(T) * (size_t)(g->m * g->n)); \
		for (int64_t pc = 0; pc < g->k; pc += KC) { \
			int64_t kc = g->k - pc < KC ? g->k - pc : KC; \
			PackJob_##SUF pj = {g, b, bp, pc, kc}; \
			cpu_pool_run(pool, npanels, 8, pack_task_##SUF, &pj); \
			Job_##SUF jb = {g, a, bp, c, pc, kc}; \
			cpu_pool_run(pool, (g->m + MC - 1) / MC, g->n * kc < 4096 ? 64 : 1, rows_##SUF, &jb); \
		} \
		free(bp); \
	}

DEFINE_GEMM(float, f32)
DEFINE_GEMM(double, f64)

void cpu_dot_run(CpuPool *pool, const TFunc *f, const TOp *op, const void *lhs, const void *rhs, void *out)
{
	Geom g;
	if (geom_of(f, op, &g) != 0)
		die("cpu_dot_run on an unsupported dot_general");
	if (tir_value_type(f, op->results[0])->dt == DT_F32)
		gemm_f32(pool, &g, lhs, rhs, out);
	else
		gemm_f64(pool, &g, lhs, rhs, out);
}
