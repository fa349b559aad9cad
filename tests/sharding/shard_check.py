#!/usr/bin/env python3
"""Sharded modules (cuda2hlo --mesh/--shard) against the unsharded module (docs/sharding.md).

For each case: convert a host program (--entry) once without and once with sharding
annotations; run the unsharded module on XLA CPU (one device) and on cuda2hlo-run
--backend interp; run the sharded module partitioned by XLA over the mesh's devices
(jax's CPU platform with XLA_FLAGS=--xla_force_host_platform_device_count=8) and on
interp (which ignores the annotations) and, for the Jacobi case, on cuda2hlo-run --backend
pjrt with the venv's XLA CPU plugin (the runtime splits the inputs over the mesh's devices).
Every sharded result must equal the unsharded one bitwise (the ocean: within 1e-12 of the
field's scale, as XLA fuses the partitioned program differently). Prints, per case, the
collectives of XLA's partitioned HLO: inside the time loop's body (per step) and outside
(once), with the bytes each moves (shape bytes x source-target pairs or group size).

    shard_check.py --bin build/bin [--case jacobi|ocean16|ocean64] [--hlo DIR] [--runs N]

Exit status 0 when every case agrees and XLA inserted collective-permutes into the loop
(the halo exchange), for the Jacobi case nothing else (no all-gather); 1 otherwise.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") +
                           " --xla_force_host_platform_device_count=8").strip()
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def jacobi_case():
    n = 32
    src = os.path.join(ROOT, "tests/kernels/host_jacobi2d_tmp_swap.cu")
    flags = ["--entry", "jacobi2d_run", "--size", f"u={n*n}", "--size", f"un={n*n}",
             "--set", f"nx={n}", "--set", f"ny={n}"]
    rng = np.random.default_rng(0)
    inputs = {"u": rng.uniform(0, 1, n * n), "un": np.zeros(n * n)}
    configs = [("x=4", "u=x un=x", 4), ("x=4", "u=x,_ un=x,_", 4),
               ("y=2,x=2", "u=y,x un=y,x", 4)]
    return src, flags, inputs, configs, 0.0, True


F3 = ["u", "v", "w", "T", "S", "b", "p", "Gu", "Gv", "GT", "GS", "Gum", "Gvm", "GTm", "GSm"]
F2 = ["eta", "Geta", "Getam"]


def ocean_case(nx, ny, nz, steps):
    """examples/oceananigans/ocean.cu's host function simulate (as check.sh converts it:
    dt and scheme bound, nsteps and first too here) from a random state."""
    src = os.path.join(ROOT, "examples/oceananigans/ocean.cu")
    n3, n2 = (nx + 6) * (ny + 6) * (nz + 6), (nx + 6) * (ny + 6)
    flags = [f"-DNX={nx}", f"-DNY={ny}", f"-DNZ={nz}", "--entry", "simulate",
             "--set", "dt=300.0", "--set", "last_dt=300.0", "--set", "scheme=1", "--set", f"nsteps={steps}", "--set", "first=1"]
    rng = np.random.default_rng(1)
    inputs = {}
    for f in F3 + F2:
        n = n3 if f in F3 else n2
        flags += ["--size", f"{f}={n}"]
        inputs[f] = (rng.uniform(-0.01, 0.01, n) if f in ("u", "v") else
                     rng.uniform(9.5, 10.5, n) if f == "T" else
                     np.full(n, 35.0) if f == "S" else np.zeros(n))
    # raise views a 3-D field as ((k, j), i) rows or as (k, (j, i)) levels, a 2-D one as
    # (j, i): 4 ways over the flat buffers (contiguous blocks), or 2 x 2 over the 2-D views
    one = " ".join(f"{f}=x" for f in F3 + F2)
    two = " ".join(f"{f}=y,x" for f in F3 + F2)
    return src, flags, inputs, [("x=4", one, 4), ("y=2,x=2", two, 4)], 1e-12, False


CASES = {
    "jacobi": jacobi_case,
    "ocean16": lambda: ocean_case(16, 16, 4, 3),
    "ocean64": lambda: ocean_case(64, 64, 16, 3),
}


def convert(bin_dir, src, flags, out, extra=()):
    cmd = [os.path.join(bin_dir, "cuda2hlo"), src, *flags, *extra, "-o", out]
    t = time.time()
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"FAIL: {' '.join(cmd)}\n{r.stderr}")
    return time.time() - t


def param_names(text):
    sig = text.split("func.func public @main(", 1)[1]
    args, res = sig.split(") -> (", 1)
    res = res.split(") {", 1)[0]
    find = lambda s: re.findall(r'cuda2hlo\.param = "([A-Za-z_0-9]+)"', s)
    return find(args), find(res)


def pjrt_plugin():
    """The XLA CPU PJRT plugin of the venv (as tests/exec/CMakeLists.txt finds it), or None."""
    import glob
    venv = os.path.dirname(os.path.dirname(sys.executable))
    found = glob.glob(os.path.join(venv, "lib", "python3*", "site-packages", "xla_plugins",
                                   "xla_cpu_pjrt", "xla_cpu_pjrt.so"))
    return found[0] if found else None


def run_interp(bin_dir, mlir, inputs, tmp, backend="interp"):
    args, res = param_names(open(mlir).read())
    cmd = [os.path.join(bin_dir, "cuda2hlo-run"), mlir, "--backend", backend, "--out", tmp]
    for a in args:
        p = os.path.join(tmp, f"in_{a}.npy")
        np.save(p, inputs[a])
        cmd += ["--in", f"{a}={p}"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"FAIL: {' '.join(cmd)}\n{r.stderr}")
    return {n: np.load(os.path.join(tmp, f"{n}.npy")) for n in res}


def xla_run(text, inputs, ndev, runs=1):
    """Compiles text for ndev partitions (1: unpartitioned); returns results by name,
    the optimized HLO text and the median seconds of a run."""
    import jax
    import jax.extend  # noqa: F401
    from jax._src.lib import xla_client as xc
    jax.config.update("jax_enable_x64", True)
    from jax._src.sharding_impls import GSPMDSharding  # noqa: F401 (no public form in 0.10)
    be = jax.extend.backend.get_backend("cpu")
    devs = be.local_devices()[:ndev]
    o = xc.CompileOptions()
    o.num_replicas = 1
    o.num_partitions = ndev
    if ndev > 1:
        o.device_assignment = xc.DeviceAssignment.create(np.arange(ndev).reshape(1, ndev))
        o.executable_build_options.use_spmd_partitioning = True
        o.executable_build_options.use_shardy_partitioner = True
    exe = be.compile_and_load(text, xc._xla.DeviceList(tuple(devs)), o)
    args, res = param_names(text)
    shard_in = exe.get_parameter_shardings() if ndev > 1 else None
    arrs = []
    for i, a in enumerate(args):
        x = inputs[a]
        if ndev > 1:
            s = GSPMDSharding(devs, shard_in[i])
            arrs.append(jax.device_put(x, s))
        else:
            arrs.append(jax.device_put(x, devs[0]))
    times = []
    for _ in range(max(1, runs)):
        t = time.perf_counter()
        if ndev > 1:
            outs = exe.execute_sharded(arrs).disassemble_into_single_device_arrays()
            shard_out = exe.get_output_shardings()
            vals = [assemble(devs, o_, shard_out[k], inputs[res[k]].shape)
                    for k, o_ in enumerate(outs)]
        else:
            vals = [np.asarray(v) for v in exe.execute(arrs)]
        times.append(time.perf_counter() - t)
    hlo = exe.hlo_modules()[0].to_string()
    return dict(zip(res, vals)), hlo, sorted(times)[len(times) // 2]


def assemble(devs, pieces, op_sharding, shape):
    """The global array from the per-device pieces of a result (its HloSharding)."""
    import jax
    from jax._src.sharding_impls import GSPMDSharding
    s = GSPMDSharding(devs, op_sharding)
    return np.asarray(jax.make_array_from_single_device_arrays(shape, s, pieces))


SHAPE = re.compile(r"\b(pred|[suf]\d+|bf16)\[([\d,]*)\]")
WIDTH = {"pred": 1, "bf16": 2}


def shape_bytes(s):
    m = SHAPE.search(s)
    if not m:
        return 0
    t, dims = m.group(1), m.group(2)
    w = WIDTH.get(t, int(re.sub(r"\D", "", t) or 8) // 8)
    n = 1
    for d in filter(None, dims.split(",")):
        n *= int(d)
    return n * w


def computations(hlo):
    """name -> body text of every computation of an HLO module's text."""
    out, name, lines = {}, None, []
    for line in hlo.splitlines():
        m = re.match(r"^(?:ENTRY )?%?([\w.\-]+) .*\{$", line)
        if m and not line.startswith(" "):
            name, lines = m.group(1), []
        elif line.startswith("}") and name:
            out[name] = "\n".join(lines)
            name = None
        elif name:
            lines.append(line)
    return out


COLL = ("collective-permute", "all-gather", "all-reduce", "all-to-all", "reduce-scatter")


def collectives(text, ndev):
    """{kind: [count, bytes moved]} of the collectives in one computation's text."""
    r = {k: [0, 0] for k in COLL}
    for line in text.splitlines():
        m = re.search(r"= (\S+) (" + "|".join(COLL) + r")(?:-start)?\(", line)
        if not m:
            continue
        kind, b = m.group(2), shape_bytes(m.group(1))
        if kind == "collective-permute":
            pairs = re.search(r"source_target_pairs=\{(.*?)\}\}", line)
            moved = b * (len(re.findall(r"\{\d+,\d+", pairs.group(0))) if pairs else 0)
        else:
            moved = b * (group_size(line, ndev) - 1)   # what each device receives, summed
        r[kind][0] += 1
        r[kind][1] += moved
    return r


def group_size(line, ndev):
    """Devices per replica group of a collective: {{0,1},{2,3}} or mesh[...] {'axis_0'}."""
    m = re.search(r"replica_groups=\{\{([\d,]*)\}", line)
    if m:
        return len(m.group(1).split(","))
    m = re.search(r"replica_groups=mesh\[([^\]]*)\] \{([^}]*)\}", line)
    if m:
        sizes = dict(re.findall(r"'(\w+)'=(\d+)", m.group(1)))
        n = 1
        for ax in re.findall(r"'(\w+)'", m.group(2)):
            n *= int(sizes.get(ax, 1))
        return n
    return ndev


def loop_body_names(hlo, comps):
    """The bodies of the module's while loops and the computations they call."""
    names = set(re.findall(r"body=%?([\w.\-]+)", hlo))
    todo = list(names)
    while todo:
        c = todo.pop()
        for callee in re.findall(r"(?:calls|to_apply|body|condition)=%?([\w.\-]+)", comps.get(c, "")):
            if callee not in names:
                names.add(callee)
                todo.append(callee)
    return names


def summarize(hlo, ndev):
    comps = computations(hlo)
    body = loop_body_names(hlo, comps)
    per_step = {k: [0, 0] for k in COLL}
    once = {k: [0, 0] for k in COLL}
    for name, text in comps.items():
        tgt = per_step if name in body else once
        for k, (c, b) in collectives(text, ndev).items():
            tgt[k][0] += c
            tgt[k][1] += b
    return per_step, once


def fmt(d):
    return ", ".join(f"{k} {c} ({b} B)" for k, (c, b) in d.items() if c) or "none"


def rel_diff(a, b):
    """max |a - b| / max |a| (0 when both are all zero)."""
    scale = float(np.max(np.abs(a))) if a.size else 0.0
    d = float(np.max(np.abs(a - b))) if a.size else 0.0
    return d / scale if scale else d


def same(a, b, tol):
    if a.shape != b.shape:
        return False
    if tol == 0:
        return a.tobytes() == b.tobytes()
    # relative to the field's scale, at least 1: a tendency of a uniform field (GS of S = 35)
    # is round-off around 0, where a relative difference means nothing
    scale = max(float(np.max(np.abs(a))) if a.size else 0.0, 1.0)
    return bool(np.all(np.isfinite(b))) and float(np.max(np.abs(a - b))) <= tol * scale


def check_case(name, bin_dir, hlo_dir, runs):
    src, flags, inputs, configs, tol, halo_only = CASES[name]()
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        plain = os.path.join(tmp, "plain.mlir")
        t = convert(bin_dir, src, flags, plain)
        text = open(plain).read()
        ref, _, t1 = xla_run(text, inputs, 1, runs)
        iref = run_interp(bin_dir, plain, inputs, tmp) if name == "jacobi" else None
        plugin = pjrt_plugin()
        if iref is not None and not plugin:
            print("note: no XLA CPU PJRT plugin in the venv: cuda2hlo-run --backend pjrt not checked")
        print(f"{name}: unsharded: convert {t:.1f} s, XLA CPU 1 device {t1*1e3:.2f} ms/run; sharded "
              f"runs: XLA{', interp' if iref is not None else ''}"
              f"{', cuda2hlo-run pjrt' if iref is not None and plugin else ''}")
        for k, (mesh, shards, ndev) in enumerate(configs):
            out = os.path.join(tmp, f"s{k}.mlir")
            extra = ["--mesh", mesh] + [a for s in shards.split() for a in ("--shard", s)]
            convert(bin_dir, src, flags, out, extra)
            stext = open(out).read()
            got, hlo, tn = xla_run(stext, inputs, ndev, runs)
            label = f"{name} --mesh {mesh} ({ndev} devices)"
            bad = [b for b in ref if not same(ref[b], got[b], tol)]
            if iref is not None:
                ig = run_interp(bin_dir, out, inputs, tmp)
                bad += [f"{b} (interp)" for b in iref if not same(iref[b], ig[b], 0)]
                if plugin:     # cuda2hlo-run's pjrt backend on the mesh's devices
                    pg = run_interp(bin_dir, out, inputs, tmp, "pjrt:" + plugin)
                    bad += [f"{b} (pjrt, {ndev} devices)" for b in iref if not same(iref[b], pg[b], 0)]
            per_step, once = summarize(hlo, ndev)
            if hlo_dir:
                os.makedirs(hlo_dir, exist_ok=True)
                open(os.path.join(hlo_dir, f"{name}_{k}.hlo"), "w").write(hlo)
            gathers = sum(c for k, (c, _) in per_step.items() if k != "collective-permute")
            if halo_only and gathers:
                bad.append(f"{gathers} collectives other than collective-permute in the loop")
            status = "FAIL" if bad or not per_step["collective-permute"][0] else "PASS"
            ok &= status == "PASS"
            print(f"{status} {label}: {shards if len(shards) < 60 else shards[:57] + '...'}")
            worst = max(rel_diff(ref[b], got[b]) for b in ref)
            nbit = sum(ref[b].tobytes() != got[b].tobytes() for b in ref)
            print(f"    {'differs: ' + ', '.join(bad) if bad else 'equal to unsharded'}"
                  f" ({len(ref) - nbit} of {len(ref)} results bitwise; max |diff|/max|ref| {worst:.2e},"
                  f" allowed {tol:g} x max(max|ref|, 1)); {tn*1e3:.2f} ms/run")
            print(f"    per step: {fmt(per_step)}")
            print(f"    once:     {fmt(once)}")
    return ok


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--case", action="append", choices=sorted(CASES))
    ap.add_argument("--hlo", help="write each partitioned HLO module here")
    ap.add_argument("--runs", type=int, default=1, help="time the median of N runs")
    a = ap.parse_args(argv)
    cases = a.case or ["jacobi"]
    results = [check_case(c, a.bin, a.hlo, a.runs) for c in cases]
    print(f"{sum(results)} passed, {len(results) - sum(results)} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
