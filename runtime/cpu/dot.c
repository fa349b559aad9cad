/* dot.c: dot_general as a packed, cache-blocked matrix product (cpu.h, "dot.c").
 *
 * Consumes a dot_general of f32 or f64 operands of rank 1 or 2 with one contracting
 * dimension and no batch dimensions (any operand layout: the contracting dimension may
 * be either one), and the operands' storage; produces the result C[M, N] in row-major
 * order. The loop structure is the classic one of BLIS/GotoBLAS: a KC-deep slab of B
 * is packed into NR-wide column panels, each block of A rows into MR-high row panels,
 * and an MR x NR micro-kernel keeps its accumulators in vector registers (GCC vector
 * extensions; this file is compiled with -O3 -march=native -ffp-contract=fast, so FMA
 * and the widest vectors are used). Row blocks of A, as many per thread, are spread
 * across the thread pool; each packs its rows once per slab into its own part of one
 * buffer.
 * Floats are summed in blocked order with fused multiply-adds: a reduction, so the
 * order is implementation-defined (StableHLO spec, dot_general); f32 accumulates in f32
 * as XLA CPU does. */
#include "cpu.h"

#include <stdlib.h>
#include <string.h>

/* Micro-tile: MR rows of C by NV vectors. With AVX-512 (32 vector registers) a 12 x 2
 * tile keeps 24 accumulators, two rows of B and a broadcast in registers; with AVX2 (16)
 * a 6 x 2 tile. KC is the depth of a packed slab (a KC x NR panel of B stays in L2
 * while the row panels of A stream past it; a deeper slab reads and writes C fewer
 * times), MC_MAX the most rows of A per task (their KC-deep panels in L2). Chosen by
 * measurement on a Zen 4 (single-thread CPU time over KC 256..1024). Up to B_PACK_MAX
 * bytes of B slabs are packed at once, so that a product of moderate depth is two pool
 * jobs (on a loaded machine every job start and end waits for the scheduler). */
#if defined(__AVX512F__)
#define VBYTES 64
enum { MR = 12 };
#else
#define VBYTES 32
enum { MR = 6 };
#endif

enum { NV = 2, KC = 512, MC_MAX = 192, B_PACK_MAX = 16 << 20 };

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

/* Row blocks: the m rows are ceil(m / MR) panels of MR, dealt into nblk blocks of
 * floor or ceil(panels / nblk) panels, at most MC_MAX rows each, nblk a multiple of
 * the thread count so that every thread gets the same share. */
static int64_t row_blocks(int64_t m, int nthreads)
{
	int64_t panels = (m + MR - 1) / MR, per = MC_MAX / MR;
	int64_t nblk = (panels + per - 1) / per;
	nblk = (nblk + nthreads - 1) / nthreads * nthreads;
	return nblk < panels ? nblk : panels;
}

/* One instance per element type: T the element, VL elements per vector. */
#define DEFINE_GEMM(T, SUF) \
	enum { VL_##SUF = VBYTES / (int)sizeof(T), NR_##SUF = NV * VL_##SUF }; \
	typedef T V_##SUF __attribute__((vector_size(VBYTES))); \
	typedef T VU_##SUF __attribute__((vector_size(VBYTES), aligned(sizeof(T)))); \
	\
	/* c[MR x NR] (=|+=) ap[kc x MR]^T bp[kc x NR]; partial tiles go through a buffer. */ \
	static void kernel_##SUF(int64_t kc, const T *restrict ap, const T *restrict bp, T *c, int64_t ldc, \
	                         int add, int mr, int nr) \
	{ \
		V_##SUF acc[MR][NV]; \
		for (int r = 0; r < MR; r++) \
			for (int v = 0; v < NV; v++) \
				acc[r][v] = (V_##SUF){0}; \
		for (int64_t k = 0; k < kc; k++) { \
			V_##SUF b[NV]; \
			for (int v = 0; v < NV; v++) \
				b[v] = *(const V_##SUF *)(bp + k * NR_##SUF + v * VL_##SUF); \
			for (int r = 0; r < MR; r++) { \
				T a = ap[k * MR + r]; \
				for (int v = 0; v < NV; v++) \
					acc[r][v] += a * b[v]; \
			} \
		} \
		if (mr == MR && nr == NR_##SUF) { \
			for (int r = 0; r < MR; r++) \
				for (int v = 0; v < NV; v++) { \
					VU_##SUF *p = (VU_##SUF *)(c + r * ldc + v * VL_##SUF); \
					*p = add ? *p + acc[r][v] : acc[r][v]; \
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
		const T *a, *b; \
		T *apack, *bpack;          /* A: MR-panels x KC per row block; B: the slabs of [k0, k1) */ \
		T *c; \
		int64_t k0, k1, panels, nblk; \
	} Job_##SUF; \
	\
	static void pack_b_##SUF(const Geom *g, const T *b, T *bp, int64_t pc, int64_t kc, int64_t j0, int64_t j1) \
	{ \
		for (int64_t jp = j0; jp < j1; jp++) { \
			T *dst = bp + jp * kc * NR_##SUF; \
			int64_t col0 = jp * NR_##SUF; \
			if (g->bn == 1 && col0 + NR_##SUF <= g->n) { \
				for (int64_t k = 0; k < kc; k++) \
					memcpy(dst + k * NR_##SUF, b + (pc + k) * g->bk + col0, sizeof(T) * NR_##SUF); \
				continue; \
			} \
			for (int64_t k = 0; k < kc; k++) \
				for (int j = 0; j < NR_##SUF; j++) { \
					int64_t col = col0 + j; \
					dst[k * NR_##SUF + j] = col < g->n ? b[(pc + k) * g->bk + col * g->bn] : (T)0; \
				} \
		} \
	} \
	\
	static void pack_a_##SUF(const Geom *g, const T *a, T *ap, int64_t ic, int64_t mc, int64_t pc, int64_t kc) \
	{ \
		for (int64_t ip = 0; ip < (mc + MR - 1) / MR; ip++) { \
			T *dst = ap + ip * kc * MR; \
			int64_t rows = mc - ip * MR < MR ? mc - ip * MR : MR; \
			const T *src = a + (ic + ip * MR) * g->am + pc * g->ak; \
			if (rows == MR && g->ak == 1) { \
				for (int64_t k = 0; k < kc; k++) \
					for (int r = 0; r < MR; r++) \
						dst[k * MR + r] = src[r * g->am + k]; \
				continue; \
			} \
			for (int64_t k = 0; k < kc; k++) \
				for (int r = 0; r < MR; r++) \
					dst[k * MR + r] = r < rows ? src[r * g->am + k * g->ak] : (T)0; \
		} \
	} \
	\
	/* Task: row blocks [lo, hi) against every packed slab of [k0, k1), slab by slab. */ \
	static void rows_##SUF(void *ctx, int64_t lo, int64_t hi) \
	{ \
		Job_##SUF *jb = ctx; \
		const Geom *g = jb->g; \
		int64_t npanels = (g->n + NR_##SUF - 1) / NR_##SUF; \
		for (int64_t blk = lo; blk < hi; blk++) { \
			int64_t p0 = blk * jb->panels / jb->nblk, p1 = (blk + 1) * jb->panels / jb->nblk; \
			int64_t ic = p0 * MR, mc = (p1 * MR < g->m ? p1 * MR : g->m) - ic; \
			T *ap = jb->apack + p0 * MR * KC; \
			for (int64_t pc = jb->k0; pc < jb->k1; pc += KC) { \
				int64_t kc = jb->k1 - pc < KC ? jb->k1 - pc : KC; \
				const T *slab = jb->bpack + (pc - jb->k0) / KC * npanels * NR_##SUF * KC; \
				pack_a_##SUF(g, jb->a, ap, ic, mc, pc, kc); \
				for (int64_t jp = 0; jp < npanels; jp++) { \
					int nr = (int)(g->n - jp * NR_##SUF < NR_##SUF ? g->n - jp * NR_##SUF : NR_##SUF); \
					const T *bp = slab + jp * kc * NR_##SUF; \
					for (int64_t ip = 0; ip * MR < mc; ip++) { \
						int mr = (int)(mc - ip * MR < MR ? mc - ip * MR : MR); \
						T *c = jb->c + (ic + ip * MR) * g->n + jp * NR_##SUF; \
						kernel_##SUF(kc, ap + ip * kc * MR, bp, c, g->n, pc > 0, mr, nr); \
					} \
				} \
			} \
		} \
	} \
	\
	/* Task: panels [lo, hi) of every slab of [k0, k1). */ \
	static void pack_task_##SUF(void *ctx, int64_t lo, int64_t hi) \
	{ \
		Job_##SUF *jb = ctx; \
		int64_t npanels = (jb->g->n + NR_##SUF - 1) / NR_##SUF; \
		for (int64_t pc = jb->k0; pc < jb->k1; pc += KC) { \
			T *slab = jb->bpack + (pc - jb->k0) / KC * npanels * NR_##SUF * KC; \
			pack_b_##SUF(jb->g, jb->b, slab, pc, jb->k1 - pc < KC ? jb->k1 - pc : KC, lo, hi); \
		} \
	} \
	\
	/* B is packed for up to B_PACK_MAX bytes of slabs at a time: two pool jobs (pack, \
	 * then every row block over those slabs) per B_PACK_MAX, not per slab. */ \
	static void gemm_##SUF(CpuPool *pool, const Geom *g, const T *a, const T *b, T *c) \
	{ \
		int64_t npanels = (g->n + NR_##SUF - 1) / NR_##SUF; \
		int64_t apanels = (g->m + MR - 1) / MR; \
		int64_t slab = npanels * NR_##SUF * KC, nslabs = (g->k + KC - 1) / KC; \
		int64_t per = B_PACK_MAX / (int64_t)sizeof(T) / slab; \
		per = per < 1 ? 1 : per > nslabs ? nslabs : per; \
		Job_##SUF jb = {g, a, b, NULL, NULL, c, 0, 0, apanels, row_blocks(g->m, cpu_pool_size(pool))}; \
		size_t nb = (size_t)(per * slab), na = (size_t)(apanels * MR * KC); \
		jb.bpack = cpu_pool_scratch(pool, sizeof(T) * (nb + na)); \
		jb.apack = jb.bpack + nb; \
		if (g->k == 0) \
			memset(c, 0, sizeof(T) * (size_t)(g->m * g->n)); \
		for (jb.k0 = 0; jb.k0 < g->k; jb.k0 = jb.k1) { \
			jb.k1 = jb.k0 + per * KC < g->k ? jb.k0 + per * KC : g->k; \
			cpu_pool_run(pool, npanels, 8, pack_task_##SUF, &jb); \
			cpu_pool_run(pool, jb.nblk, g->n * (jb.k1 - jb.k0) < 4096 ? 64 : 1, rows_##SUF, &jb); \
		} \
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
