/* affine_phases.h: private to src/raise (affine.c and affine_phases.c). Strategy 2 over
 * several phases: the shapes under which __shared__ memory is a dense tensor indexed by
 * (block coordinates, shared coordinates), and reads that are more than a translation
 * or permutation of the write (a reversed coordinate, a coordinate split into tiles). */
#ifndef CUDA2HLO_AFFINE_PHASES_H
#define CUDA2HLO_AFFINE_PHASES_H

#include "raise_int.h"
#include "poly.h"

/* Candidate `cand` of the shapes of shared buffer b (r->buf[b], one copy per block, block
 * linear = (bz * gy + by) * gx + bx) for the in-block index pe on dom: the grid
 * dimensions above 1 (z, y, x) followed by a row-major shape of one block's copy (its
 * declared dims, then the strides of pe, then flat), dims[] and the coordinates idx[].
 * Returns the rank, 0 when candidate `cand` does not delinearize in bounds, -1 past the
 * last candidate. */
int raise_shared_shape(Raise *r, PolyCtx *c, const PolySet *dom, int b, const PolyExpr *pe,
                       int cand, int64_t dims[POLY_MAX_RANK], PolyExpr *idx[POLY_MAX_RANK]);

/* Can raise_tiled_read build every piece? Each read coordinate is a constant, C * w_k + c
 * (strided, reversed when C < 0), or C * w_k + w_m + c with w_m spanning at most C values
 * (a tiled coordinate); no write coordinate twice. */
int raise_tiled_pieces_ok(const PolyPiece *ps, int n, int rank, int wrank);

/* The read of piece p of buffer value buf (shape dims[0..rank)) over the write box
 * lo <= w < hi (wrank coordinates), as a tensor of the box's shape: slice, pad and
 * reshape (tiled coordinates), reverse (negated ones), transpose and broadcast. Ops go to
 * r->b. A read that leaves the buffer reads zeros from a pad when may_pad (the caller has
 * proved that those lanes' values are not used), else it is -1 and *why. */
int raise_tiled_read(Raise *r, int buf, int rank, const int64_t *dims, const PolyPiece *p,
                     int wrank, const int64_t *lo, const int64_t *hi, int may_pad,
                     const char **why);

/* A store whose 2-D index (shape fdims, a candidate of the flat index pe of a buffer of
 * `count` elements) is (T0 * b0 + t0, T1 * b1 + t1) in block and thread coordinates (a
 * tiled kernel's result C[row * N + col]): the buffer padded to pdims (grid times block)
 * and seen as dims = [g0][T0][g1][T1] with coordinates idx = (b0, t0, b1, t1), so that
 * reads of shared tiles are permutations of the write. 0 when pe is not of that form. */
int raise_tiled_shape(Raise *r, PolyCtx *c, const PolySet *dom, const PolyExpr *pe,
                      int64_t count, int64_t fdims[2], int64_t pdims[2],
                      int64_t dims[POLY_MAX_RANK], PolyExpr *idx[POLY_MAX_RANK]);

#endif
