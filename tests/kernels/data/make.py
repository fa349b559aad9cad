#!/usr/bin/env python3
"""Write the .npy inputs of the corpus kernels that the fill kinds cannot express.

Run from anywhere: `build/venv/bin/python tests/kernels/data/make.py`. The output is
deterministic (fixed seed), so rerunning it rewrites identical files.

csr_*.npy: a 200 x 150 sparse matrix in CSR form with 0..12 entries per row (some rows
empty), sorted distinct column indices, and float32 values in [0.5, 1.5); coo_rows.npy
repeats each entry's row index for the COO kernel.

search_desc.npy: 300 int32 in non-increasing order with runs of equal values;
search_nan.npy: 300 float32 in increasing order but for a NaN at 150 (search_sorted_ties.cu:
a search over a buffer that is sorted the other way, or not sorted because of a NaN).
"""
import os
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def csr(rng, rows, cols, max_per_row):
    lengths = rng.integers(0, max_per_row + 1, size=rows)
    lengths[rng.choice(rows, size=rows // 10, replace=False)] = 0
    row_ptr = np.zeros(rows + 1, dtype=np.int32)
    row_ptr[1:] = np.cumsum(lengths)
    col_idx = np.concatenate(
        [np.sort(rng.choice(cols, size=k, replace=False)) for k in lengths]).astype(np.int32)
    vals = rng.uniform(0.5, 1.5, size=int(row_ptr[-1])).astype(np.float32)
    coo_rows = np.repeat(np.arange(rows, dtype=np.int32), lengths)
    return row_ptr, col_idx, vals, coo_rows


def main():
    rng = np.random.default_rng(20240611)
    row_ptr, col_idx, vals, coo_rows = csr(rng, 200, 150, 12)
    for name, arr in [("csr_row_ptr", row_ptr), ("csr_col_idx", col_idx),
                      ("csr_vals", vals), ("coo_rows", coo_rows)]:
        np.save(os.path.join(HERE, name + ".npy"), arr)
        print(f"{name}.npy {arr.dtype} {arr.shape[0]}")
    srng = np.random.default_rng(20261207)
    desc = np.sort(srng.integers(-40, 1500, size=300).astype(np.int32) // 7 * 7)[::-1].copy()
    nan = np.sort(srng.uniform(0.0, 200.0, size=300)).astype(np.float32)
    nan[150] = np.nan
    for name, arr in [("search_desc", desc), ("search_nan", nan)]:
        np.save(os.path.join(HERE, name + ".npy"), arr)
        print(f"{name}.npy {arr.dtype} {arr.shape[0]}")


if __name__ == "__main__":
    main()
