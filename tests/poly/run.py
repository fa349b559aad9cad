"""run.py: the Polly cross-check over a named list of corpus kernels (docs/polly.md).

For each kernel below, every distinct launch of its test block is converted with
`cuda2hlo --polly-check --emit c` (flags from corpus.converter_args). The converter
compares two independent analyses of the same loop IR: the isl facts of src/poly and
Polly's SCoPs of the loopified C (clang-22). It prints `polly-check: NAME: agree: ...`,
`skipped: why`, or dies on a disagreement.

A kernel passes when every launch agrees and:
  AFFINE  Polly's element sets equal the isl ones (no `<=`: no over-approximation;
          for OVERAPPROX, the isl sets are strictly inside Polly's "may" sets), some
          buffer is written, and neither side finds a cross-thread conflict;
  RACY    both sides find the conflict named in the list (WW or RW) on that buffer.
A `skipped:` line for a listed kernel is a failure: the list is what the check covers.
Everything is SKIP when clang-22 (with Polly) is missing. Prints the time per kernel,
`PASS|FAIL|SKIP NAME (seconds): detail`, then `N passed, N failed, N skipped`.

Usage: run.py [--bin DIR] [-v] [NAME...]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KERNELS = os.path.join(ROOT, "tests", "kernels")
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import corpus  # noqa: E402

# Affine accesses under box or union-of-box guards, one phase (tests/kernels/README.md).
AFFINE = [
    # element-wise
    "ew_2d_affine", "ew_3d_combine", "ew_add_i32", "ew_daxpy_f64", "ew_fma_i64",
    "ew_grid_stride_f32", "ew_hash_u64", "ew_mixed_convert", "ew_mul_u32",
    "ew_offset_copy", "ew_saxpy_f32", "ew_short_i16", "ew_ushort_u16",
    "ew_char_i8", "ew_uchar_u8", "ew_leaky_relu",   # data-dependent selects, no guard
    "misc_builtins_3d", "misc_restrict_ldg", "tmpl_typed_axpy",
    # stencils and boundaries
    "stencil_5pt_2d", "stencil_7pt_3d", "stencil_boundary_2d", "stencil_halo_2d",
    "stencil_jacobi_iter", "stencil_smooth_1d", "stencil_wave_2d",
    # transposes
    "transpose_batched", "transpose_naive",
    # matrix products, matrix-vector, row reductions
    "matmul_batched_small", "matmul_gemm_f64", "matmul_int", "matmul_matvec",
    "matmul_matvec_t", "matmul_naive", "matmul_outer_update", "ctrl_triangular",
    "reduce_row_sum", "devfn_row_pointer",
]

# Kernels where Polly models a guard as a non-affine region (its accesses are "may"
# accesses over the enclosing domain): the isl sets must be inside Polly's, not equal.
OVERAPPROX = {
    "stencil_jacobi_iter",   # if (i == 0 || j == 0 || ...) {...} else {...} after a return
}

# Racy kernels with affine accesses: (name, conflict, buffer) both sides must report.
RACY = [
    ("race/neighbour_shift", "RW", "a"),
    ("race/pairs_collide", "WW", "out"),
    ("race/stencil_in_place", "RW", "u"),
    ("race/sum_nonatomic", "WW", "sum"),
    ("race/transpose_in_place", "RW", "a"),
    ("race/write_same_location", "WW", "out"),
]

LINE = re.compile(r"^polly-check: (\S+): (agree|skipped):?(.*)$")


class Fail(Exception):
    pass


def launches(test):
    """Distinct converter flags over the test block's launches, in order."""
    seen, out = set(), []
    for launch in test.launches:
        args = corpus.converter_args(test, launch)
        if tuple(args) not in seen:
            seen.add(tuple(args))
            out.append(args)
    return out


def buffers(detail):
    """' u:r3068,w0,RW-conflict f:...' -> {name: [tokens]}"""
    out = {}
    for item in detail.split():
        name, _, rest = item.rpartition(":")
        out[name] = rest.split(",")
    return out


def check_line(name, text, racy):
    found = [m for m in map(LINE.match, text.splitlines()) if m]
    if len(found) != 1:
        raise Fail(f"expected one polly-check line, got: {text.strip()[-300:]}")
    m = found[0]
    if m.group(2) == "skipped":
        raise Fail(f"skipped:{m.group(3)}")
    bufs = buffers(m.group(3))
    tokens = [t for ts in bufs.values() for t in ts]
    if racy:
        kind, buf = racy
        if f"{kind}-conflict" not in bufs.get(buf, []):
            raise Fail(f"no {kind} conflict on '{buf}': {m.group(3).strip()}")
    else:
        if any("conflict" in t for t in tokens):
            raise Fail(f"a conflict in a race-free kernel: {m.group(3).strip()}")
        if any("<=" in t for t in tokens) != (name in OVERAPPROX):
            raise Fail(f"Polly {'does not over-approximate' if name in OVERAPPROX else 'over-approximates'}: "
                       f"{m.group(3).strip()}")
        if not any(t.startswith("w") and t != "w0" for t in tokens):
            raise Fail(f"nothing written: {m.group(3).strip()}")
    return m.group(3).strip()


def run_kernel(binary, name, racy, verbose):
    path = os.path.join(KERNELS, name + ".cu")
    test = corpus.parse(path)
    details = []
    for args in launches(test):
        cmd = [binary, "--polly-check", "--emit", "c", path] + args
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if verbose:
            print(" ".join(cmd) + "\n" + p.stderr, end="")
        if p.returncode != 0:
            raise Fail(f"exit {p.returncode}: {p.stderr.strip()[-400:]}")
        details.append(check_line(name, p.stderr, racy))
    return "; ".join(details)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("CUDA2HLO_BIN", os.path.join(ROOT, "build", "bin")))
    ap.add_argument("-v", action="store_true")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    binary = os.path.join(a.bin, "cuda2hlo")
    table = [(n, None) for n in AFFINE] + [(n, (k, b)) for n, k, b in RACY]
    if a.names:
        table = [t for t in table if t[0] in a.names]
    have_clang = shutil.which("clang-22") or os.path.exists("/usr/lib/llvm-22/bin/clang")
    passed = failed = skipped = 0
    times = []
    for name, racy in table:
        if not have_clang or not os.path.exists(binary):
            print(f"SKIP {name}: {'clang-22' if not have_clang else binary} not found")
            skipped += 1
            continue
        t0 = time.monotonic()
        try:
            detail = run_kernel(binary, name, racy, a.v)
            dt = time.monotonic() - t0
            print(f"PASS {name} ({dt:.2f}s): {detail}")
            passed += 1
        except (Fail, subprocess.TimeoutExpired) as e:
            dt = time.monotonic() - t0
            print(f"FAIL {name} ({dt:.2f}s): {e}")
            failed += 1
        times.append(dt)
        sys.stdout.flush()
    if times:
        times.sort()
        print(f"time per kernel: median {times[len(times) // 2]:.2f}s, max {times[-1]:.2f}s, "
              f"total {sum(times):.1f}s")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
