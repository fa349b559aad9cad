"""run.py: kernels converted once with --symbolic, run at several values (issue 17).

  run.py --bin BINDIR [-v]

For each kernel here (written for this test, with a cuda2hlo-test block): convert it once
with `--symbolic NAME` for the scalars of CASES (the block's other flags as the corpus
runner gives them), and once statically (the block's values bound with --set). The two
modules must have the same gather, scatter and while counts. Then, for each value set,
run the symbolic module on the interp, cpu and pjrt (XLA CPU) backends of cuda2hlo-run
and compare every checked buffer with the CUDA oracle (tests/oracle) run at those values.
A value set outside what the conversion assumed must fail on every backend with the
shape assertion's message.

SIZE_CASES do the same with symbolic buffer sizes: the buffers they name get no --size
(with --symbolic each is a `tensor<?xT>` argument), and each value set also gives those
buffers' element counts (the test block's `buffer:` lines rewritten), so one module runs
on buffers of three different sizes (smaller and larger than the launch's bound); a
refused set names `size(BUF) = N` in the message. Prints `PASS|FAIL ...` lines and
`N passed, N failed`.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, os.path.join(ROOT, "tests", "oracle"))
import corpus  # noqa: E402
import oracle  # noqa: E402

BACKENDS = ("interp", "cpu", "pjrt")
# file, symbolic scalars, value sets run (each equal to the oracle), value sets refused
CASES = [
    ("sym_scale.cu", ["n"], [{"n": 1}, {"n": 517}, {"n": 1000}], [{"n": 1001}]),
    ("sym_smooth_1d.cu", ["n"], [{"n": 3}, {"n": 640}, {"n": 1000}], [{"n": 1200}]),
    ("sym_stencil_2d.cu", ["ny"], [{"ny": 3}, {"ny": 17}, {"ny": 30}], [{"ny": 31}]),
    ("sym_transpose.cu", ["w", "h"], [{"w": 32, "h": 24}, {"w": 5, "h": 7},
                                      {"w": 17, "h": 1}], []),
    ("sym_matmul.cu", ["kk"], [{"kk": 0}, {"kk": 7}, {"kk": 32}], [{"kk": 33}]),
    ("sym_row_sum.cu", ["n"], [{"n": 1}, {"n": 40}, {"n": 64}], [{"n": 65}]),
    ("sym_stencil_3d.cu", ["nz"], [{"nz": 3}, {"nz": 7}, {"nz": 10}], [{"nz": 11}]),
    ("sym_periodic.cu", ["ny"], [{"ny": 3}, {"ny": 20}, {"ny": 32}], [{"ny": 33}]),
    ("sym_shared_tile.cu", ["n"], [{"n": 1}, {"n": 300}, {"n": 1024}], [{"n": 1025}]),
    ("sym_time_loop.cu", ["n"], [{"n": 2}, {"n": 129}, {"n": 512}], [{"n": 513}]),
    ("sym_grid_loop.cu", ["n"], [{"n": 2}, {"n": 129}, {"n": 512}],
     [{"n": 513, "_named": ["raised for at most 4 blocks", "gridDim.x = 5"]}]),
    ("sym_grid_scale.cu", ["n"], [{"n": 1}, {"n": 129}, {"n": 512}],
     [{"n": 600, "_named": ["raised for at most 4 blocks", "gridDim.x = 5"]}]),
]
# file, symbolic scalars, buffers of symbolic size (the others keep --size), value sets
# run (scalars and buffer element counts), value sets refused
SIZE_CASES = [
    ("sym_scale.cu", ["n"], ["x", "y"],
     [{"n": 1, "x": 1, "y": 1}, {"n": 517, "x": 517, "y": 600}, {"n": 1000, "x": 2000, "y": 1000}],
     [{"n": 518, "x": 517, "y": 600}]),
    ("sym_smooth_1d.cu", ["n"], ["u", "v"],
     [{"n": 3, "u": 3, "v": 3}, {"n": 640, "u": 700, "v": 640}, {"n": 1000, "u": 1500, "v": 1200}],
     [{"n": 641, "u": 640, "v": 700}]),
    ("sym_stencil_2d.cu", ["ny"], ["u", "v"],
     [{"ny": 3, "u": 120, "v": 120}, {"ny": 17, "u": 680, "v": 700}, {"ny": 33, "u": 1320, "v": 1320}],
     [{"ny": 17, "u": 678, "v": 680}]),
    ("sym_transpose.cu", ["w", "h"], ["in", "out"],
     [{"w": 32, "h": 24, "in": 768, "out": 768}, {"w": 5, "h": 7, "in": 197, "out": 103},
      {"w": 17, "h": 1, "in": 17, "out": 385}],
     [{"w": 5, "h": 7, "in": 196, "out": 103}]),
    ("sym_matmul.cu", ["kk"], ["a", "c"],
     [{"kk": 0, "a": 480, "c": 256}, {"kk": 7, "a": 487, "c": 300}, {"kk": 32, "a": 512, "c": 256}],
     [{"kk": 20, "a": 499, "c": 256}]),
    ("sym_row_sum.cu", ["n"], ["s"],
     [{"n": 1, "s": 64}, {"n": 40, "s": 100}, {"n": 64, "s": 64}],
     [{"n": 10, "s": 63}]),
    ("sym_stencil_3d.cu", ["nz"], ["u", "v"],
     [{"nz": 3, "u": 576, "v": 576}, {"nz": 7, "u": 1344, "v": 1400}, {"nz": 13, "u": 2496, "v": 2496}],
     [{"nz": 7, "u": 1326, "v": 1344}]),
    ("sym_periodic.cu", ["ny"], ["u", "v"],
     [{"ny": 3, "u": 192, "v": 192}, {"ny": 20, "u": 1280, "v": 1300}, {"ny": 33, "u": 2112, "v": 2112}],
     [{"ny": 20, "u": 1279, "v": 1280}]),
    ("sym_shared_tile.cu", ["n"], ["y"],
     [{"n": 1, "y": 1}, {"n": 300, "y": 300}, {"n": 1024, "y": 1100}],
     [{"n": 300, "y": 299}]),
    ("sym_time_loop.cu", ["n"], ["u", "un"],
     [{"n": 2, "u": 2, "un": 2}, {"n": 129, "u": 200, "un": 129}, {"n": 100, "u": 129, "un": 300},
      {"n": 512, "u": 600, "un": 512}],
     [{"n": 129, "u": 128, "un": 129, "_named": ["min(size(u), size(un)) = 128", "n = 129"]}]),
    ("sym_nested_loop.cu", ["n"], ["u", "un"],
     [{"n": 150, "u": 300, "un": 200}, {"n": 2, "u": 2, "un": 5}, {"n": 512, "u": 512, "un": 512}],
     [{"n": 201, "u": 300, "un": 200, "_named": ["min(size(u), size(un)) = 200", "n = 201"]}]),
]
counts = {"passed": 0, "failed": 0}
ARG = re.compile(r'%arg\d+: tensor<([a-z0-9?]+)> \{cuda2hlo.param = "([^"]+)"\}')


def result(ok, what):
    counts["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + what)


def ops(mlir):
    """gather, scatter and while counts of a module's text."""
    return tuple(len(re.findall(r'"?stablehlo\.%s"?[ (]' % op, mlir))
                 for op in ("gather", "scatter", "while"))


def unit(test):
    """The block's entry (a host function run as a whole), else its first launch."""
    return test.entry or test.launches[0]


def flags(test, sym, sized=()):
    """The corpus runner's flags for the block's launch, with the symbolic scalars'
    --set replaced by --symbolic and no --size for the buffers named in sized."""
    out, args = [], corpus.converter_args(test, unit(test))
    binding = {p: a.name for p, a in unit(test).bindings()}
    i = 0
    while i < len(args):
        if args[i] == "--set" and args[i + 1].split("=")[0] in sym:
            i += 2
            continue
        if args[i] == "--size" and binding.get(args[i + 1].split("=")[0]) in sized:
            i += 2
            continue
        out.append(args[i])
        i += 1
    return out + [x for s in sym for x in ("--symbolic", s)]


def with_values(text, values):
    """The test block with the scalars' values and the buffers' element counts."""
    for name, v in values.items():
        text, n = re.subn(r"(?m)^scalar: %s = .*$" % name, f"scalar: {name} = {v}", text)
        if not n:
            text, n = re.subn(r"(?m)^(buffer: %s \S+) \S+" % name, rf"\g<1> {v}", text)
        assert n == 1, name
    return text


def value_text(test, k, v):
    """How the assertion's message names a value: `n = 3`, `size(x) = 517`."""
    if k in test.buffers:
        param = next(p for p, a in unit(test).bindings() if a.name == k)
        return f"size({param}) = {v}"
    return f"{k} = {v}"


def run_module(bindir, mod, test, inputs, backend, out):
    """cuda2hlo-run on mod with the buffers of inputs/ and the test's scalars."""
    with open(mod) as f:
        sig = ARG.findall(f.read())
    cmd = [os.path.join(bindir, "cuda2hlo-run"), mod, "--backend", backend, "--out", out]
    binding = {p: a.name for p, a in unit(test).bindings()}
    for ty, param in sig:
        name = binding.get(param, param)
        path = os.path.join(inputs, name + ".npy")
        if name in test.scalars:
            dt = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64}[ty]
            np.save(path, np.array(float(test.scalars[name]) if ty[0] == "f"
                                   else int(test.scalars[name]), dt))
        cmd += ["--in", f"{param}={path}"]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def check_values(bindir, work, path, test_text, mod, values, i):
    text = with_values(test_text, values)
    src = os.path.join(work, f"v{i}_" + os.path.basename(path))
    with open(src, "w") as f:
        f.write(text)
    test = corpus.parse_text(text, src)
    inputs, want = os.path.join(work, f"in{i}"), os.path.join(work, f"want{i}")
    corpus.make_inputs(test, inputs)
    oracle.run(src, inputs, want)
    binding = {p: a.name for p, a in unit(test).bindings()}
    for be in BACKENDS:
        out = os.path.join(work, f"out{i}_{be}")
        r = run_module(bindir, mod, test, inputs, be, out)
        bad = []
        for c in test.checks:
            param = next(p for p, b in binding.items() if b == c.name)
            got = os.path.join(out, param + ".npy")
            if r.returncode or not os.path.exists(got):
                bad.append(f"exit {r.returncode}: {r.stderr.strip()[-300:]}")
                break
            bad += corpus.compare(np.load(got), np.load(os.path.join(want, c.name + ".npy")),
                                  test.buffers[c.name].dtype, c.rtol, c.atol, limit=3)
        result(not bad, f"{os.path.basename(path)} {values} {be}: equals the oracle {bad[:3]}")


def check_refused(bindir, work, path, test_text, mod, values, i):
    values = dict(values)
    names = values.pop("_named", None)    # the message's names, where not value_text's
    text = with_values(test_text, values)
    test = corpus.parse_text(text, path)
    inputs = os.path.join(work, f"bad{i}")
    corpus.make_inputs(test, inputs)
    for be in BACKENDS:
        out = os.path.join(work, f"badout{i}_{be}")
        r = run_module(bindir, mod, test, inputs, be, out)
        named = all(t in r.stderr for t in names) if names else \
            all(value_text(test, k, v) in r.stderr for k, v in values.items())
        result(r.returncode == 1 and "shape assertion failed: --symbolic:" in r.stderr and named
               and not os.path.exists(out),
               f"{os.path.basename(path)} {values} {be}: refused by the shape assertion "
               f"(exit {r.returncode}: {r.stderr.strip()[-200:]})")


def main():
    global BACKENDS
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--only", choices=("scalars", "sizes"), help="one list of cases")
    ap.add_argument("--match", default="", help="only the kernels whose file name has this")
    ap.add_argument("--backends", default="interp,cpu,pjrt",
                    help="comma-separated cuda2hlo-run backends (the ASan build leaves out pjrt: "
                         "tests/exec/CMakeLists.txt)")
    args = ap.parse_args()
    BACKENDS = tuple(b for b in args.backends.split(",") if b)
    bindir = args.bin
    exe = os.path.join(bindir, "cuda2hlo")
    cases = ([(n, s, (), r, f) for n, s, r, f in CASES] if args.only != "sizes" else []) + \
        (SIZE_CASES if args.only != "scalars" else [])
    with tempfile.TemporaryDirectory() as tmp:
        for k, (name, sym, sized, runs, refused) in enumerate(cases):
            if args.match not in name:
                continue
            path = os.path.join(HERE, name)
            with open(path) as f:
                text = f.read()
            test = corpus.parse(path)
            work = os.path.join(tmp, str(k))
            os.makedirs(work)
            mod, static = os.path.join(work, "sym.mlir"), os.path.join(work, "static.mlir")
            r = subprocess.run([exe, path] + flags(test, sym, sized) + ["-o", mod],
                               capture_output=True, text=True)
            s = subprocess.run([exe, path] + corpus.converter_args(test, unit(test)) +
                               ["-o", static], capture_output=True, text=True)
            if r.returncode or s.returncode:
                result(False, f"{name}: converts with --symbolic {sym} (sizes of {list(sized)}) and statically "
                       f"({r.stderr.strip()[-300:]} {s.stderr.strip()[-300:]})")
                continue
            with open(mod) as f, open(static) as g:
                got, want = ops(f.read()), ops(g.read())
            if sized:
                with open(mod) as f:
                    dyn = re.findall(r"%arg\d+: tensor<\?x[a-z0-9]+> \{cuda2hlo.param = \"([^\"]+)\"\}", f.read())
                want_dyn = sorted(p for p, a in unit(test).bindings() if a.name in sized)
                result(sorted(dyn) == want_dyn, f"{name}: buffers {sorted(dyn)} are tensor<?xT> "
                       f"(want {want_dyn})")
            result(got == want, f"{name}: gather/scatter/while counts {got}, static {want}")
            for i, values in enumerate(runs):
                check_values(bindir, work, path, text, mod, values, i)
            for i, values in enumerate(refused):
                check_refused(bindir, work, path, text, mod, values, i)
    print(f"{counts['passed']} passed, {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
