"""run.py: the random differential campaign. Generated kernels against the CUDA oracle.

For each seed: gen.py writes rk<SEED>.cu (a kernel with its cuda2hlo-test block) into
a temporary folder; corpus.make_inputs and the oracle (tests/oracle, the same code
tests/exec/run.py uses) give the expected buffers; cuda2hlo converts each launch once;
the module runs on cuda2hlo-run's interp and cpu backends and on XLA CPU through
jaxlib (tests/exec/run.py's step_run / step_xla), and every checked buffer is
compared with corpus.compare. Each seed is one of
  pass     every backend agrees with the oracle
  wrong    a backend's values differ (FAIL)               -- the bug class that matters
  refused  cuda2hlo exited 1: grouped by its first diagnostic line, without the
           file:line:col and with quoted names and numbers blanked
  crash    cuda2hlo or cuda2hlo-run died (signal, exit other than 0/1, timeout), or
           XLA rejected the module
  badgen   the generator's kernel broke the oracle (g++ error, deadlock): a bug here
Prints one line per seed that is not a pass, then the counts with percentages and
the refusal reasons. Exits 1 on any wrong, crash or badgen.

Usage: run.py [-n N] [--start S] [--seed S]... [--bin DIR] [-j N]
              [--backend interp|cpu|xla]... [--keep DIR] [--quiet | -v] [FILE.cu...]
--keep DIR copies the .cu of every seed that is not a pass into DIR (the reproducer:
tests/exec/run.py --mode run --mode xla DIR/rkSEED.cu). FILE.cu arguments are
checked the same way instead of generated seeds (a kept reproducer); each launch of
a file runs alone on the file's inputs (generated launches are independent).
Generated seeds are checked --batch at a time: one file with a kernel and a launch per
seed, so one oracle build serves them all; a batch with a wrong, crash or badgen is
checked again one seed per file, and that result is the one reported and kept.
-v prints passes too (with seconds), so that a long campaign's log can be tallied early.
"""
import argparse
import importlib.util
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import types
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, os.path.join(ROOT, "tests", "oracle"))
sys.path.insert(0, HERE)
import corpus  # noqa: E402
import gen  # noqa: E402
import oracle  # noqa: E402

_spec = importlib.util.spec_from_file_location("exec_run", os.path.join(ROOT, "tests", "exec", "run.py"))
exec_run = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(exec_run)

BACKENDS = ("interp", "cpu", "xla")
CONVERT_TIMEOUT = 120


def reason(stderr):
    """The refusal's first diagnostic line, location stripped, names and numbers
    blanked, so that one limit is one group."""
    line = exec_run.first_line(stderr)
    line = re.sub(r"^\S*?:\d+:\d+:\s*", "", line)
    line = re.sub(r"'[^']*'", "'_'", line)
    return re.sub(r"(?<!cuda)\d+", "N", line)


def convert(cfg, test, li, ln, work):
    """Converts launch li into work/launchI.mlir. Returns None, or (class, why)."""
    exe = os.path.join(cfg.bin, "cuda2hlo")
    out = os.path.join(work, f"launch{li}.mlir")
    cmd = [exe, test.path] + corpus.converter_args(test, ln) + ["--emit", "stablehlo", "-o", out]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=CONVERT_TIMEOUT)
    except subprocess.TimeoutExpired:
        return "crash", f"cuda2hlo timed out after {CONVERT_TIMEOUT}s"
    if r.returncode == 1:
        if os.path.exists(out):
            return "crash", "cuda2hlo exited 1 but wrote its output file"
        return "refused", reason(r.stderr)
    if r.returncode != 0:
        return "crash", f"cuda2hlo exited {r.returncode}: {exec_run.first_line(r.stderr)}"
    return None


def backend_run(cfg, test, li, ln, backend, inputs, want, work):
    """(class, why) of launch li on one backend (its mlir already in work): pass, wrong
    or crash. The launch runs alone on the inputs; its checked buffers are compared."""
    mwork = os.path.join(work, f"{backend}{li}")
    state = os.path.join(mwork, "state")
    shutil.copytree(inputs, state)
    shutil.copy(os.path.join(work, f"launch{li}.mlir"), mwork)
    rcfg = types.SimpleNamespace(bin=cfg.bin, backend=None if backend == "xla" else backend)
    try:
        exec_run.STEPS["xla" if backend == "xla" else "run"](rcfg, test, li, ln, mwork, state)
    except (exec_run.Fail, exec_run.Skip) as e:
        return "crash", str(e)
    import numpy as np
    mine = {b for _, b in ln.buffer_bindings()}
    problems = []
    for c in test.checks:
        if c.name not in mine:
            continue
        got = np.load(os.path.join(state, c.name + ".npy"))
        bad = corpus.compare(got, want[c.name], test.buffers[c.name].dtype, c.rtol, c.atol)
        if bad:
            i, g, w = bad[0]
            problems.append(f"{c.name}: {len(bad)} of {want[c.name].size} differ, "
                            f"first [{i}] got {g} want {w}")
    return ("wrong", "; ".join(problems)) if problems else ("pass", "")


def run_batch(job):
    """A batch of seeds (ints: generated into one file, a kernel each) or one file
    (a path: checked as it is). Returns [(seed, class, why, seconds)]."""
    cfg, seeds = job
    t0 = time.time()
    with tempfile.TemporaryDirectory(prefix="random-") as d:
        if isinstance(seeds[0], int):
            path = os.path.join(d, f"rk{seeds[0]}.cu" if len(seeds) == 1 else f"batch{seeds[0]}.cu")
            with open(path, "w") as f:
                f.write(gen.generate_batch(seeds))
        else:
            path = os.path.join(d, os.path.basename(seeds[0]))
            shutil.copy(seeds[0], path)
        res = check_file(cfg, path, d)
        if len(seeds) > 1:
            res = recheck(cfg, seeds, res)
        for s, r in zip(seeds, res):
            if r[0] != "pass" and cfg.keep:
                keep(cfg, s, path, "in batch" in r[1])
    secs = (time.time() - t0) / len(res)
    if not isinstance(seeds[0], int) and len(res) > 1:     # a file of several kernels
        seeds = [f"{seeds[0]}#{li}" for li in range(len(res))]
    return [(s, c, w, secs) for s, (c, w) in zip(seeds, res)]


def recheck(cfg, seeds, res):
    """The batch's verdicts, said of one seed each: a badgen batch is checked again one
    seed per file; a wrong or crash seed is checked alone, and if it passes alone
    (other inputs: fills follow the buffer's place in the block) the batch's verdict
    stands, marked; refusals are rechecked by recheck_refused."""
    if res and res[0][0] == "badgen":
        return [r[1:3] for s in seeds for r in run_batch((cfg, [s]))]
    out = []
    for s, r in zip(seeds, res):
        if r[0] in ("wrong", "crash"):
            _, c, w, _ = run_batch((cfg, [s]))[0]
            r = (c, w) if c != "pass" else (r[0], f"{r[1]} (in batch {seeds[0]}; passes alone)")
        out.append(r)
    return recheck_refused(cfg, seeds, out)


def keep(cfg, seed, path, batch):
    """Keeps the kernel of a seed that is not a pass: rkSEED.cu alone, and the batch
    file when the verdict came from it; a file argument is copied as it is."""
    if not isinstance(seed, int):
        shutil.copy(path, cfg.keep)
        return
    with open(os.path.join(cfg.keep, f"rk{seed}.cu"), "w") as f:
        f.write(gen.generate(seed))
    if batch:
        shutil.copy(path, cfg.keep)


def recheck_refused(cfg, seeds, res):
    """An error anywhere in a file refuses all its kernels: each seed refused in a batch
    is converted in a file of its own; still refused, that is its reason; the others
    are checked again as a smaller batch."""
    alone = {s: refused_alone(cfg, s) for s, r in zip(seeds, res) if r[0] == "refused"}
    retry = [s for s, why in alone.items() if why is None]
    again = {}
    if retry:
        rs = run_batch((cfg, retry)) if len(retry) < len(seeds) else \
            [r for s in retry for r in run_batch((cfg, [s]))]
        again = {s: (c, w) for s, c, w, _ in rs}
    return [again.get(s) or alone.get(s) or r for s, r in zip(seeds, res)]


def refused_alone(cfg, seed):
    """(refused, why) when seed's kernel alone is refused, else None."""
    with tempfile.TemporaryDirectory(prefix="random-") as d:
        path = os.path.join(d, f"rk{seed}.cu")
        with open(path, "w") as f:
            f.write(gen.generate(seed))
        test = corpus.parse(path)
        bad = convert(cfg, test, 0, test.launches[0], d)
    return bad if bad and bad[0] == "refused" else None


def check_file(cfg, path, d):
    """[(class, why)] per launch of the file."""
    test = corpus.parse(path)
    inputs, want_dir = os.path.join(d, "in"), os.path.join(d, "want")
    corpus.make_inputs(test, inputs)
    try:
        exe = oracle.build(path)
        try:
            oracle.run(path, inputs, want_dir, timeout=120)
        finally:
            shutil.rmtree(os.path.dirname(exe), ignore_errors=True)
    except (oracle.OracleError, subprocess.TimeoutExpired) as e:
        return [("badgen", "oracle: " + exec_run.first_line(str(e)))] * len(test.launches)
    import numpy as np
    want = {b: np.load(os.path.join(want_dir, b + ".npy")) for b in test.buffers}
    return [check_launch(cfg, test, li, ln, inputs, want, os.path.join(d, f"work{li}"))
            for li, ln in enumerate(test.launches)]


def check_launch(cfg, test, li, ln, inputs, want, work):
    os.makedirs(work)
    bad = convert(cfg, test, li, ln, work)
    if bad:
        return bad
    got = {}
    for backend in cfg.backends:
        cls, why = backend_run(cfg, test, li, ln, backend, inputs, want, work)
        got.setdefault(cls, []).append(f"{backend}: {why}")
    for cls in ("wrong", "crash"):
        if cls in got:
            return cls, "; ".join(got[cls])
    return "pass", ""


def summary(results, elapsed):
    n = len(results)
    counts = Counter(c for _, c, _, _ in results)
    pct = (lambda k: f"{100.0 * k / n:.1f}%" if n else "0%")
    print(f"{n} kernels in {elapsed:.0f}s: " + ", ".join(
        f"{counts[c]} {c} ({pct(counts[c])})" for c in ("pass", "wrong", "refused", "crash", "badgen")))
    reasons = Counter(why for _, c, why, _ in results if c == "refused")
    for why, k in reasons.most_common():
        print(f"  refused {k} ({pct(k)}): {why}")
    return counts


def main(argv):
    ap = argparse.ArgumentParser(description="Random kernels against the CUDA oracle.")
    ap.add_argument("-n", type=int, default=100, help="number of seeds (default 100)")
    ap.add_argument("--start", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--seed", type=int, action="append", help="run only these seeds")
    ap.add_argument("--bin", default=os.environ.get("CUDA2HLO_BIN", os.path.join(ROOT, "build", "bin")))
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--backend", action="append", choices=BACKENDS)
    ap.add_argument("--keep", help="copy the .cu of every seed that is not a pass here")
    ap.add_argument("--batch", type=int, default=8,
                    help="kernels per generated file (one oracle build each; default 8)")
    ap.add_argument("--quiet", action="store_true", help="print only wrong, crash and badgen seeds")
    ap.add_argument("-v", action="store_true", help="print passes too")
    ap.add_argument("files", nargs="*", help="check these .cu files instead of generated seeds")
    cfg = ap.parse_args(argv[1:])
    cfg.backends = cfg.backend or list(BACKENDS)
    if cfg.keep:
        os.makedirs(cfg.keep, exist_ok=True)
    seeds = [os.path.abspath(f) for f in cfg.files] + (cfg.seed or [])
    seeds = seeds or list(range(cfg.start, cfg.start + cfg.n))
    t0, results = time.time(), []
    files = [[f] for f in seeds if not isinstance(f, int)]
    ints = [s for s in seeds if isinstance(s, int)]
    jobs = files + [ints[i:i + max(1, cfg.batch)] for i in range(0, len(ints), max(1, cfg.batch))]
    with multiprocessing.get_context("fork").Pool(max(1, cfg.j)) as pool:
        for rs in pool.imap_unordered(run_batch, [(cfg, j) for j in jobs]):
            for r in rs:
                results.append(r)
                report(cfg, *r)
    counts = summary(results, time.time() - t0)
    return 1 if counts["wrong"] or counts["crash"] or counts["badgen"] else 0


def report(cfg, seed, cls, why, secs):
    what = f"seed {seed}" if isinstance(seed, int) else os.path.basename(seed)
    if cls == "pass" and cfg.v:
        print(f"PASS {what}: {secs:.1f}s", flush=True)
    elif cls != "pass" and not (cfg.quiet and cls == "refused"):
        print(f"{cls.upper()} {what}: {why}", flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
