"""selftest.py: the oracle against independent numpy computations.

For each kernel named in REFS (tests/oracle/kernels/ and tests/kernels/), make
the inputs, run the emulated CUDA program, and compare every checked buffer
with a numpy reference written here from the kernel's specification, not from
any output. Also checks that a file's own host main() runs (--main) and that
the emulator reports a deadlock instead of hanging. Prints one line per kernel
and `N passed, N failed, N skipped`; exits 1 on any failure.

Usage: selftest.py [NAME...]
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, HERE)
import corpus  # noqa: E402
import oracle  # noqa: E402

REFS = {}


def ref(path):
    def reg(fn):
        REFS[path] = fn
        return fn
    return reg


def S(t, name, cast=int):
    return cast(t.scalars[name])


def blocks(x, bs, nblocks):
    pad = np.zeros(bs * nblocks, x.dtype)
    pad[:x.size] = x
    return pad.reshape(nblocks, bs)


# ---- the oracle's own kernels (tests/oracle/kernels) -----------------------
@ref("tests/oracle/kernels/reduce_shared.cu")
def _(i, t):
    return {"partial": blocks(i["x"], 128, 8).sum(axis=1, dtype=np.int32)}


@ref("tests/oracle/kernels/reduce_warp.cu")
def _(i, t):
    return {"total": np.array([i["x"].sum()], np.int32)}


@ref("tests/oracle/kernels/scan_dynamic.cu")
def _(i, t):
    return {"y": np.cumsum(blocks(i["x"], 64, 4), axis=1).reshape(-1)[:250].astype(np.int32)}


@ref("tests/oracle/kernels/histogram.cu")
def _(i, t):
    h = (i["x"].astype(np.uint64) * 2654435761 % 2**32) >> 26
    return {"bins": np.bincount(h.astype(np.int64), minlength=64).astype(np.uint32)}


@ref("tests/oracle/kernels/transpose_tiled.cu")
def _(i, t):
    r, c = S(t, "rows"), S(t, "cols")
    return {"b": i["a"].reshape(r, c).T.reshape(-1)}


@ref("tests/oracle/kernels/matmul_tiled.cu")
def _(i, t):
    m, k, n = 30, 37, 45
    a, b = i["A"].reshape(m, k).astype(np.float64), i["B"].reshape(k, n).astype(np.float64)
    return {"C": (a @ b).astype(np.float32).reshape(-1)}


@ref("tests/oracle/kernels/stencil_early_exit.cu")
def _(i, t):
    u = np.concatenate([[0], i["u"], [0]]).astype(np.float32)
    return {"v": np.float32(0.25) * u[:-2] + np.float32(0.5) * u[1:-1] + np.float32(0.25) * u[2:]}


@ref("tests/oracle/kernels/votes.cu")
def _(i, t):
    n, bs = 280, 80
    v = np.ones(4 * bs, np.int64)
    v[:n] = i["x"]
    out = np.zeros((n, 4), np.int32)
    for g in range(n):
        blk = g // bs * bs
        w0 = blk + (g - blk) // 32 * 32       # warps are numbered within a block
        wend = min(w0 + 32, blk + bs)        # a warp never crosses a block
        w = v[w0:wend]
        b = v[blk:blk + bs]
        out[g] = [(w < 0).sum(), int((w == 0).any()) + 2 * int((w > 0).all()),
                  (b % 2 == 0).sum(), int((b < 19).all()) + 2 * int((b == 19).any())]
    return {"out": out.reshape(-1)}


@ref("tests/oracle/kernels/shuffles.cu")
def _(i, t):
    x = i["x"].reshape(-1, 32)            # 4 warps
    out = np.zeros((4, 32, 4), np.float32)
    for w in range(4):
        v = x[w]
        out[w, :, 0] = np.repeat(v.reshape(4, 8)[:, 3], 8)
        scan = v.copy()                   # Hillis-Steele order, in float32
        for d in (1, 2, 4, 8, 16):
            scan = np.concatenate([scan[:d], scan[d:] + scan[:-d]])
        out[w, :, 1] = scan
        out[w, :, 2] = v.max()
        for lane in range(32):
            src = lane + 5 if lane % 16 + 5 < 16 else lane
            out[w, lane, 3] = v[src]
    return {"out": out.reshape(-1)}


@ref("tests/oracle/kernels/coop_groups.cu")
def _(i, t):
    x = i["x"].reshape(3, 64)
    out = np.zeros((3, 64), np.int64)
    for b in range(3):
        mine = x[b][::-1]
        for r in range(64):
            tile = mine[r // 16 * 16: r // 16 * 16 + 16]
            out[b, r] = tile.sum() * 1000 + (tile[0] if r % 16 == 15 else r // 16)
    return {"out": out.reshape(-1).astype(np.int32)}


def _cdiv(a, b):
    """C division and modulo: truncate toward zero."""
    q = np.trunc(a / b).astype(np.int64)
    return q, a - q * b


@ref("tests/oracle/kernels/grid3d_control.cu")
def _(i, t):
    x = i["x"].astype(np.int64)
    y = np.full(1500, 7, np.int64)
    for idx, v in enumerate(x):
        q, r7 = _cdiv(v, 7)
        case = ((v % 4) + 4) % 4 if v >= 0 else ((-((-v) % 4)) + 4) % 4
        r = {0: q, 1: r7 + 3, 2: 3}.get(case, (-v) >> 2)
        c, w = 0, v
        while True:
            w = _cdiv(w, 3)[0]
            c += 1
            if not (w != 0 and c < 5):
                break
        y[idx] = r * 10 + c
    return {"y": y.astype(np.int32)}


@ref("tests/oracle/kernels/host_launch_forms.cu")
def _(i, t):
    return {"v": np.arange(100, dtype=np.int32) + 1000}


@ref("tests/oracle/kernels/host_program.cu")
def _(i, t):
    return {"y": np.float32(1.5) * i["x"] + np.float32(-0.25) * i["y"]}


@ref("tests/oracle/kernels/emu_edges.cu")
def _(i, t):
    x = i["x"].astype(np.uint64)
    f = i["f"]
    out = np.zeros((96, 8), np.uint64)
    out[:, 0] = (x * 2654435761) >> 32
    sx = x.astype(np.int64) - ((x >= 2**31) * 2**32).astype(np.int64)
    out[:, 1] = ((sx * -123456789) >> 32) & 0xffffffff
    idx = np.arange(96)
    g = np.where(idx % 3 == 0, f * np.float32(1e10), f).astype(np.float64)
    g = np.where(idx % 5 == 0, (idx % 7) - 2.5, g)
    sat = lambda a: np.clip(a, -2**31, 2**31 - 1).astype(np.int64) & 0xffffffff
    out[:, 2] = sat(np.rint(g))                      # round half to even, saturate
    out[:, 3] = sat(np.trunc(g))
    out[:, 4] = np.clip(f, 0, 1).astype(np.float32).view(np.uint32)
    for k in range(96):
        lane, w0 = k % 48 % 32, k - k % 48 % 32
        src = lane ^ 5
        out[k, 5] = x[w0 + src] if src < (lane // 8 + 1) * 8 and w0 + src < k - k % 48 + 48 else x[k]
    inc, dec = 0, 0                                  # threads in launch order
    for k in range(96):
        out[k, 6] = inc * 1000 + dec
        inc = 0 if inc >= 9 else inc + 1
        dec = 4 if dec == 0 or dec > 4 else dec - 1
        lane, w0 = k % 48 % 32, k % 48 - k % 48 % 32
        width = min(32, 48 - w0)
        out[k, 7] = sum(1 << j for j in range(min(width, 20))) if lane < 20 else 0
    return {"out": out.reshape(-1).astype(np.uint32), "ctr": np.array([inc, dec], np.uint32)}


@ref("tests/kernels/int_bit_intrinsics.cu")
def _(i, t):
    n = S(t, "n")
    k = np.arange(n)
    v = np.where(k % 8 == 0, 0, i["x"].astype(np.uint64) >> (k % 32).astype(np.uint64))
    w = [0 if j % 8 == 0 else int(i["y"][j]) >> (j % 64) for j in range(n)]
    v = [int(a) for a in v]
    return {"pop": np.array([bin(a).count("1") for a in v], np.int32),
            "lz": np.array([32 - a.bit_length() for a in v], np.int32),
            "fs": np.array([(a & -a).bit_length() for a in v], np.int32),
            "rev": np.array([int(format(a, "032b")[::-1], 2) for a in v], np.uint32),
            "pop64": np.array([bin(a).count("1") for a in w], np.int32),
            "lz64": np.array([64 - a.bit_length() for a in w], np.int32)}


@ref("tests/kernels/math_rounding.cu")
def _(i, t):
    v = (np.arange(401) - 200).astype(np.float32) * np.float32(0.25)
    return {"fl": np.floor(v), "ce": np.ceil(v), "ro": np.sign(v) * np.floor(np.abs(v) + 0.5),
            "tr": np.trunc(v), "ri": np.rint(v), "mn": np.minimum(v, np.float32(3) - v),
            "mx": np.maximum(v, -v * np.float32(0.5)), "ab": np.abs(v - np.float32(10))}


@ref("tests/kernels/misc_warp_vote.cu")
def _(i, t):
    n = S(t, "n")
    v = np.where(np.arange(256) < n, i["x"], np.float32(1)).reshape(8, 32)
    neg = v < 0
    ballots = np.array([sum(1 << j for j in range(32) if row[j]) for row in neg], np.uint32)
    below = np.array([[row[:j].sum() for j in range(32)] for row in neg], np.int32)
    return {"ballots": ballots, "any_neg": neg.any(axis=1).astype(np.int32),
            "all_pos": (v > 0).all(axis=1).astype(np.int32), "below": below.reshape(-1)}


# ---- corpus kernels (tests/kernels) ----------------------------------------
@ref("tests/kernels/ew_saxpy_f32.cu")
def _(i, t):
    n, a = S(t, "n"), S(t, "a", float)
    y = i["y"].copy()
    y[:n] = np.float32(a) * i["x"][:n] + y[:n]
    return {"y": y}


@ref("tests/kernels/ew_2d_affine.cu")
def _(i, t):
    nx, ny, s = S(t, "nx"), S(t, "ny"), np.float32(S(t, "s", float))
    jj, ii = np.meshgrid(np.arange(ny), np.arange(nx), indexing="ij")
    out = s * i["in"][:nx * ny].reshape(ny, nx) + ii.astype(np.float32) \
        - np.float32(0.5) * jj.astype(np.float32)
    res = i["out"].copy()
    res[:nx * ny] = out.reshape(-1)
    return {"out": res}


@ref("tests/kernels/ew_3d_combine.cu")
def _(i, t):
    nx, ny, nz = S(t, "nx"), S(t, "ny"), S(t, "nz")
    kk, jj, ii = np.meshgrid(np.arange(nz), np.arange(ny), np.arange(nx), indexing="ij")
    lin = (ii + 2 * jj + 3 * kk).astype(np.float32).reshape(-1)
    return {"c": i["a"] * i["b"] + np.float32(0.01) * lin}


@ref("tests/kernels/ew_add_i32.cu")
def _(i, t):
    x, y = i["a"].astype(np.int64), i["b"].astype(np.int64)
    return {"c": (x + y - 3 * x + (y >> 2) - (x & 0xff)).astype(np.int32)}


@ref("tests/kernels/reduce_tree_shared.cu")
def _(i, t):
    return {"partial": blocks(i["x"].astype(np.float64), 256, 40).sum(axis=1).astype(np.float32)}


@ref("tests/kernels/reduce_warp_shuffle.cu")
def _(i, t):
    return {"out": blocks(i["x"].astype(np.float64), 32, 128).sum(axis=1).astype(np.float32)}


@ref("tests/kernels/reduce_atomic_i32.cu")
def _(i, t):
    v = i["v"][:S(t, "n")]
    return {"count": np.array([(v > S(t, "threshold")).sum()], np.int32),
            "total": np.array([v.sum()], np.int32)}


@ref("tests/kernels/scan_blelloch.cu")
def _(i, t):
    b = blocks(i["x"], 256, 4)
    excl = np.cumsum(b, axis=1) - b
    return {"out": excl.reshape(-1)[:S(t, "n")].astype(np.int32),
            "sums": b.sum(axis=1).astype(np.int32)}


@ref("tests/kernels/scan_multiblock.cu")
def _(i, t):
    x = i["x"]
    tot = blocks(x, 256, 12).sum(axis=1)
    return {"out": np.cumsum(x).astype(np.int32),
            "block_sums": (np.cumsum(tot) - tot).astype(np.int32)}


@ref("tests/kernels/scan_warp_shuffle.cu")
def _(i, t):
    return {"out": np.cumsum(blocks(i["x"], 32, 64), axis=1).reshape(-1)[:2000].astype(np.int32)}


@ref("tests/kernels/hist_shared_atomic.cu")
def _(i, t):
    return {"hist": np.bincount(i["data"], minlength=256).astype(np.uint32)}


@ref("tests/kernels/transpose_tiled.cu")
def _(i, t):
    nx, ny = S(t, "nx"), S(t, "ny")
    return {"out": i["in"].reshape(ny, nx).T.reshape(-1)}


@ref("tests/kernels/matmul_tiled.cu")
def _(i, t):
    m, n, k = S(t, "M"), S(t, "N"), S(t, "K")
    a, b = i["A"].reshape(m, k).astype(np.float64), i["B"].reshape(k, n).astype(np.float64)
    return {"C": (a @ b).astype(np.float32).reshape(-1)}


@ref("tests/kernels/stencil_5pt_2d.cu")
def _(i, t):
    nx, ny, h2 = S(t, "nx"), S(t, "ny"), np.float32(S(t, "h2", float))
    u, f = i["u"].reshape(ny, nx), i["f"].reshape(ny, nx)
    out = i["out"].reshape(ny, nx).copy()
    out[1:-1, 1:-1] = np.float32(0.25) * (u[1:-1, :-2] + u[1:-1, 2:] + u[:-2, 1:-1]
                                          + u[2:, 1:-1] - h2 * f[1:-1, 1:-1])
    return {"out": out.reshape(-1)}


@ref("tests/kernels/stencil_periodic_1d.cu")
def _(i, t):
    u = i["u"]
    return {"v": np.roll(u, -1) - np.float32(2) * u + np.roll(u, 1)}


@ref("tests/kernels/spmv_csr_vector.cu")
def _(i, t):
    rp, ci, va, x = i["row_ptr"], i["col_idx"], i["vals"].astype(np.float64), i["x"]
    y = np.array([(va[rp[r]:rp[r + 1]] * x[ci[rp[r]:rp[r + 1]]]).sum() for r in range(S(t, "rows"))])
    return {"y": y.astype(np.float32)}


# ---- entry tests: the host function's whole sequence of launches --------------------
f32 = np.float32


def _swap_loop(a, b, steps, step):
    """Run step(src, dst) steps times, swapping the roles as the host code's pointer
    swap does; a and b are the caller's buffers (updated in place)."""
    src, dst = a, b
    for _ in range(steps):
        step(src, dst)
        src, dst = dst, src
    return a, b


@ref("tests/kernels/host_jacobi_swap.cu")
def _(i, t):
    def step(s, d):
        d[:] = s
        d[1:-1] = f32(0.25) * s[:-2] + f32(0.5) * s[1:-1] + f32(0.25) * s[2:]
    a, b = _swap_loop(i["a"].copy(), i["b"].copy(), S(t, "iters"), step)
    return {"a": a, "b": b}


@ref("tests/kernels/host_jacobi2d_tmp_swap.cu")
def _(i, t):
    nx, ny = S(t, "nx"), S(t, "ny")

    def step(s, d):
        s2, d2 = s.reshape(ny, nx), d.reshape(ny, nx)
        d2[:] = s2
        d2[1:-1, 1:-1] = 0.25 * (s2[1:-1, :-2] + s2[1:-1, 2:] + s2[:-2, 1:-1] + s2[2:, 1:-1])
    u, un = _swap_loop(i["u"].copy(), i["un"].copy(), 20, step)
    return {"u": u, "un": un}


@ref("tests/kernels/host_heat2d_boundary.cu")
def _(i, t):
    nx, ny = S(t, "nx"), S(t, "ny")
    r = f32(S(t, "alpha", float)) * f32(S(t, "dt", float)) / (f32(S(t, "dx", float)) ** 2)

    def step(s, d):
        T, Tn = s.reshape(ny, nx), d.reshape(ny, nx)
        c = T[1:-1, 1:-1]
        Tn[1:-1, 1:-1] = c + r * (T[1:-1, :-2] + T[1:-1, 2:] + T[:-2, 1:-1] + T[2:, 1:-1]
                                  - f32(4) * c)
        Tn[:, 0] = 1
        Tn[1:-1, -1] = Tn[1:-1, -2]
        Tn[0, 1:-1] = Tn[1, 1:-1]
        Tn[-1, 1:-1] = Tn[-2, 1:-1]
        Tn[0, -1], Tn[-1, -1] = Tn[1, -2], Tn[-2, -2]
    a, b = _swap_loop(i["T"].copy(), i["Tn"].copy(), 100, step)
    return {"T": a, "Tn": b}


@ref("tests/kernels/host_fdtd2d.cu")
def _(i, t):
    nx, ny = S(t, "nx"), S(t, "ny")
    ez, hx, hy = (i[k].copy().reshape(ny, nx) for k in ("ez", "hx", "hy"))
    c = f32(0.5)
    for n in range(S(t, "steps")):
        hx[:-1, :] -= c * (ez[1:, :] - ez[:-1, :])
        hy[:, :-1] += c * (ez[:, 1:] - ez[:, :-1])
        ez[1:-1, 1:-1] += c * ((hy[1:-1, 1:-1] - hy[1:-1, :-2]) - (hx[1:-1, 1:-1] - hx[:-2, 1:-1]))
        a = (f32(n) - f32(20)) / f32(6)
        ez[S(t, "sy"), S(t, "sx")] += np.exp(-a * a)
    return {"ez": ez.reshape(-1), "hx": hx.reshape(-1), "hy": hy.reshape(-1)}


@ref("tests/kernels/host_reduce_two_pass.cu")
def _(i, t):
    x = i["x"].astype(np.float64)
    stride = 20 * 128
    idx = np.arange(S(t, "n"))
    part = np.array([(x[(idx % stride) // 128 == b] ** 2).sum() for b in range(20)])
    return {"partial": part.astype(f32), "out": np.array([part.sum()], f32)}


@ref("tests/kernels/host_pipeline_memcpy.cu")
def _(i, t):
    x = i["in"]
    out = f32(S(t, "gain", float)) * x
    acc = (f32(0) + out * out) + x * x
    return {"tmp": out, "acc": acc, "out": out - f32(0.5) * acc}


@ref("tests/kernels/host_advect_dt.cu")
def _(i, t):
    n, L, v = S(t, "n"), S(t, "length", float), S(t, "speed", float)
    cfl, nu = S(t, "cfl", float), S(t, "nu", float)
    dx = L / n
    dt = min(cfl * dx / v, 0.25 * dx * dx / nu)
    c, d = v * dt / dx, nu * dt / (dx * dx)

    def step(q, qn):
        w, e = np.roll(q, 1), np.roll(q, -1)
        qn[:] = q - c * (q - w) + d * (e - 2.0 * q + w)
    q, qn = _swap_loop(i["q"].copy(), i["qn"].copy(), S(t, "nsteps"), step)
    return {"q": q, "qn": qn}


@ref("tests/kernels/host_nested_loops.cu")
def _(i, t):
    u, r, n = i["u"].copy(), i["r"].copy(), S(t, "n")
    for o in range(S(t, "outer")):
        for _ in range(S(t, "inner")):
            for parity in (0, 1):
                k = np.arange(2 if parity == 0 else 1, n - 1, 2)
                u[k] = f32(0.5) * (u[k - 1] + u[k + 1]) * f32(0.9) + f32(0.1) * u[k]
        r[1:-1] = u[:-2] - f32(2) * u[1:-1] + u[2:]
        r[0] = r[-1] = 0
        u += (f32(0.1) / f32(o + 1)) * r
    return {"u": u, "r": r}


def run_one(path):
    t = corpus.parse(os.path.join(ROOT, path))
    with tempfile.TemporaryDirectory() as d:
        corpus.make_inputs(t, os.path.join(d, "in"))
        oracle.run(t.path, os.path.join(d, "in"), os.path.join(d, "out"))
        ins = {b: np.load(os.path.join(d, "in", b + ".npy")) for b in t.buffers}
        got = {b: np.load(os.path.join(d, "out", b + ".npy")) for b in t.buffers}
    want = REFS[path](ins, t)
    problems = []
    for c in t.checks:
        if c.name not in want:
            problems.append(f"no reference for checked buffer {c.name}")
            continue
        bad = corpus.compare(got[c.name], want[c.name], t.buffers[c.name].dtype,
                             c.rtol, c.atol)
        if bad:
            problems.append(f"{c.name}: {len(bad)} mismatches, first {bad[:3]}")
    return problems


def special_checks():
    """Host main through --main, and a deadlock that must be reported."""
    out = []
    exe = oracle.build(os.path.join(HERE, "kernels", "host_program.cu"))
    r = subprocess.run([exe, "--main"], capture_output=True, text=True, timeout=60)
    out.append(("host_program --main", r.returncode == 0 and "sum 1000000.0" in r.stdout,
                f"rc {r.returncode}, stdout {r.stdout.strip()!r}"))
    exe = oracle.build(os.path.join(HERE, "kernels", "host_launch_forms.cu"))
    r = subprocess.run([exe, "--main"], capture_output=True, text=True, timeout=60)
    out.append(("host_launch_forms --main", r.returncode == 0 and r.stdout.startswith("ok 0"),
                f"rc {r.returncode}, stdout {r.stdout.strip()!r}, stderr {r.stderr.strip()[-300:]!r}"))
    src = """/* cuda2hlo-test
launch: dl<<<1, 64>>>(x)
buffer: x i32 64 zeros
*/
__global__ void dl(int *x) { if (threadIdx.x == 0) __syncthreads(); else __syncwarp(); x[0] = 1; }
"""
    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "deadlock.cu")
        with open(p, "w") as f:
            f.write(src)
        corpus.make_inputs(corpus.parse(p), d)
        exe = oracle.build(p)
        r = subprocess.run([exe, d, d], capture_output=True, text=True, timeout=60)
    out.append(("deadlock reported", r.returncode != 0 and "deadlock" in r.stderr,
                f"rc {r.returncode}, stderr {r.stderr.strip()!r}"))
    out.append(ocean_smoke())
    return out


def ocean_smoke():
    """host_ocean_simulate (ocean.cu's simulate, 3 steps): no reference, but a sane
    state: finite, tracers near their fills, velocities moved yet small, halos filled."""
    t = corpus.parse(os.path.join(ROOT, "tests", "kernels", "host_ocean_simulate.cu"))
    with tempfile.TemporaryDirectory() as d:
        corpus.make_inputs(t, os.path.join(d, "in"))
        oracle.run(t.path, os.path.join(d, "in"), os.path.join(d, "out"))
        i = {b: np.load(os.path.join(d, "in", b + ".npy")) for b in t.buffers}
        o = {b: np.load(os.path.join(d, "out", b + ".npy")) for b in t.buffers}
    T = o["T"].reshape(10, 22, 22)
    why = []
    if not all(np.isfinite(v).all() for v in o.values()):
        why.append("non-finite values")
    if not (9.4 < T[3:-3, 3:-3, 3:-3].min() and T[3:-3, 3:-3, 3:-3].max() < 10.6):
        why.append(f"T interior outside [9.4, 10.6]: {T.min()}..{T.max()}")
    if not np.allclose(o["S"].reshape(10, 22, 22)[3:-3, 3:-3, 3:-3], 35, atol=0.1):
        why.append("S moved away from 35")
    if np.array_equal(o["u"], i["u"]) or np.abs(o["u"]).max() > 0.1:
        why.append(f"u unchanged or too large (max {np.abs(o['u']).max()})")
    if not np.array_equal(T[3:-3, 3:-3, 0:3], T[3:-3, 3:-3, 16:19]):   # periodic x halo
        why.append("periodic x halo of T not filled")
    return ("host_ocean_simulate sane state", not why, "; ".join(why))


def main(argv):
    names = argv[1:]
    npass = nfail = nskip = 0
    for path in REFS:
        if names and not any(n in path for n in names):
            continue
        name = os.path.splitext(os.path.basename(path))[0]
        if not os.path.exists(os.path.join(ROOT, path)):
            print(f"SKIP {name}: {path} not in the tree")
            nskip += 1
            continue
        try:
            problems = run_one(path)
        except (oracle.OracleError, corpus.CorpusError) as e:
            problems = [str(e).splitlines()[0]]
        if problems:
            print(f"FAIL {name}: " + "; ".join(problems))
            nfail += 1
        else:
            print(f"PASS {name}")
            npass += 1
    if not names:
        try:
            specials = special_checks()
        except (oracle.OracleError, corpus.CorpusError, subprocess.TimeoutExpired) as e:
            specials = [("special checks", False, str(e).splitlines()[0])]
        for name, ok, why in specials:
            print(f"{'PASS' if ok else 'FAIL'} {name}" + ("" if ok else f": {why}"))
            npass += ok
            nfail += not ok
    print(f"{npass} passed, {nfail} failed, {nskip} skipped")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
