"""run.py: the execution runner. Every corpus kernel against the CUDA oracle.

For each tests/kernels/*.cu (or the files named): make the inputs (corpus.py),
run the emulated CUDA program (tests/oracle), then per mode convert and run:
  oracle  the oracle alone must run (no comparison)
  c       `cuda2hlo --emit c` per launch, compiled with cc -O2 and a generated main
  run     `cuda2hlo` -> .mlir -> `cuda2hlo-run`
  xla     the same .mlir compiled and run by XLA CPU through jaxlib (tests/lib/xla.py)
Launches run in order; buffers persist between them. Checked buffers are
compared with the oracle (corpus.compare). A stage that is not built yet
(cuda2hlo exits 1 saying so, or a binary is missing) is a SKIP with that
reason. A kernel marked `expect: race` must be refused by the converter.
An `entry:` test (a host function) is converted once with `--entry HOSTFN`
and run as one module in modes run and xla (mode c is per kernel: SKIP); its
results are named by the host function's parameters. Until the converter
supports --entry (an error naming --entry that says "not supported" or "not
built", or --entry an unknown option), entry tests are a SKIP.
With `check: stdout`, what the kernels print (device printf: modes c and xla format
the printf records with tests/lib/devprint.py, mode run takes cuda2hlo-run's stdout) is
compared with the oracle's stdout as a multiset of lines: CUDA orders no two threads'
output, so any order is one a GPU may show.
Prints `PASS|FAIL|SKIP NAME MODE: reason` per kernel and mode, then
`N passed, N failed, N skipped`; exits 1 on any failure.

Usage: run.py [--mode oracle|c|run|xla|all]... [--bin DIR] [-j N] [-v] [FILE.cu...]
The bin folder defaults to $CUDA2HLO_BIN.
"""
import argparse
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, os.path.join(ROOT, "tests", "oracle"))
import convcache  # noqa: E402
import corpus  # noqa: E402
import devprint  # noqa: E402
import oracle  # noqa: E402

MODES = ("oracle", "c", "run", "xla")
NOT_BUILT = re.compile(r"not built yet")
# what --emit c refuses by design, each with its own message: bf16 values (gcc 12 has no
# __bf16 arithmetic) and __activemask() where the C loop nest does not know the lanes
NO_C = re.compile(r"--emit c: (.* holds bf16 .* which C11 has no type for|__activemask\(\) inside)")
ENTRY_MISSING = re.compile(r"not supported|not built|unknown option|unrecognized option")
TIMEOUT = 300


class Skip(Exception):
    pass


class Fail(Exception):
    pass


def sh(cmd, timeout=TIMEOUT, cached=False):
    """cmd's CompletedProcess; cached: a cuda2hlo conversion, run once per binary, inputs
    and flags across the runners (tests/lib/convcache.py)."""
    try:
        if cached:
            return convcache.run(cmd[0], cmd[1:], timeout)
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Fail(f"timed out after {timeout}s: {' '.join(cmd[:2])}") from None
    except OSError as e:       # e.g. a binary being relinked
        raise Fail(f"cannot run {cmd[0]}: {e}") from None


def first_line(text):
    """The telling line of a message: the first that says error, else the last."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    for ln in lines:
        if re.search(r"error", ln, re.I) and not ln.startswith("Traceback"):
            return ln
    return lines[-1] if lines else ""


def what(li, launch):
    return "the entry" if isinstance(launch, corpus.Entry) else f"launch {li}"


def convert(cfg, test, li, launch, emit, out):
    """cuda2hlo for one launch (or the entry); Skip when the stage is not built, Fail
    on error."""
    exe = os.path.join(cfg.bin, "cuda2hlo")
    if not os.path.exists(exe):
        raise Skip(f"{exe} is not built")
    # --report for a module: the same conversion as raise_counts' (count_check.py), kept once
    cmd = [exe, test.path] + corpus.converter_args(test, launch) + ["--emit", emit] + \
        (["--report"] if emit == "stablehlo" else []) + ["-o", out]
    r = sh(cmd, cached=True)
    if r.returncode == 1 and NOT_BUILT.search(r.stderr):
        raise Skip(first_line(r.stderr))
    if test.entry and r.returncode != 0 and "--entry" in r.stderr and \
            ENTRY_MISSING.search(r.stderr):
        raise Skip("cuda2hlo does not support --entry yet: " + first_line(r.stderr))
    if r.returncode == 2 and "--shmem" in r.stderr:
        raise Skip("cuda2hlo has no --shmem flag (dynamic shared memory size)")
    if r.returncode == 1 and emit == "c" and NO_C.search(r.stderr):
        raise Skip(first_line(r.stderr))
    if r.returncode != 0:
        raise Fail(f"cuda2hlo exited {r.returncode} on {what(li, launch)}: {first_line(r.stderr)}")
    return cmd


# ---- mode c -------------------------------------------------------------
C_MAIN = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static void *npy_in(const char *path, size_t esize, size_t count) {
  unsigned char pre[12];
  size_t hlen, skip;
  FILE *f = fopen(path, "rb");
  if (!f || fread(pre, 1, 10, f) != 10) { fprintf(stderr, "cannot read %s\n", path); exit(3); }
  if (pre[6] == 1) { hlen = pre[8] | (size_t)pre[9] << 8; skip = 10; }
  else { if (fread(pre + 10, 1, 2, f) != 2) exit(3);
         hlen = pre[8] | (size_t)pre[9] << 8 | (size_t)pre[10] << 16 | (size_t)pre[11] << 24; skip = 12; }
  fseek(f, (long)(skip + hlen), SEEK_SET);
  void *p = calloc(count + 64, esize);
  if (!p || fread(p, esize, count, f) != count) { fprintf(stderr, "short %s\n", path); exit(3); }
  fclose(f);
  return p;
}
static void npy_out(const char *path, const char *descr, const void *p, size_t esize, size_t count) {
  char h[256];
  int n = snprintf(h, sizeof h, "{'descr': '%s', 'fortran_order': False, 'shape': (%zu,), }", descr, count);
  while ((10 + n + 1) % 64) h[n++] = ' ';
  h[n++] = '\n';
  FILE *f = fopen(path, "wb");
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(n & 0xff), (unsigned char)(n >> 8)};
  if (!f || fwrite(pre, 1, 10, f) != 10 || fwrite(h, 1, (size_t)n, f) != (size_t)n ||
      fwrite(p, esize, count, f) != count || fclose(f)) { fprintf(stderr, "cannot write %s\n", path); exit(3); }
}
"""


def c_main(test, launch, kernel_c):
    bufs = [b for _, b in launch.buffer_bindings()]
    with open(kernel_c) as f:     # the __constant__ and __device__ arrays the function takes, after them
        sig = re.search(r"\bvoid\s+" + re.escape(launch.c_name) + r"\s*\(([^)]*)\)", f.read())
    # by their C names: a variable template's instance taps<float> is taps_float there
    consts = {re.sub(r"_+$", "", re.sub(r"[^A-Za-z0-9_]+", "_", b.name)): b.name
              for b in test.buffers.values() if b.constant}
    ptrs = re.findall(r"\*\s*(\w+)\s*(?:,|$)", sig.group(1) if sig else "")
    prints = printf_sizes(kernel_c)      # device printf records: zeros in, written out
    bufs += [n for n in ptrs if n in prints]
    bufs += [consts[n] for n in ptrs if n in consts]
    L = [f'#include "{kernel_c}"', C_MAIN, "int main(int argc, char **argv) {",
         "  char p[4096];", "  (void)argc;"]
    for i, b in enumerate(bufs):
        if b in prints:
            L.append(f"  void *b{i} = calloc({prints[b]}, 8);")
            continue
        B = test.buffers[b]
        L.append(f'  snprintf(p, sizeof p, "%s/{b}.npy", argv[1]);')
        L.append(f"  void *b{i} = npy_in(p, {B.np_dtype.itemsize}, {B.count});")
    L.append(f"  {launch.c_name}({', '.join(f'b{i}' for i in range(len(bufs)))});")
    for i, b in enumerate(bufs):
        L.append(f'  snprintf(p, sizeof p, "%s/{b}.npy", argv[2]);')
        if b in prints:
            L.append(f'  npy_out(p, "<i8", b{i}, 8, {prints[b]});')
            continue
        B = test.buffers[b]
        L.append(f'  npy_out(p, "{oracle.NPY_DESCR[B.dtype]}", b{i}, {B.np_dtype.itemsize}, {B.count});')
    L += ["  return 0;", "}"]
    return "\n".join(L) + "\n"


def printf_desc(text):
    """The cuda2hlo.printf description in a module or --emit c text, or None."""
    m = re.search(r'cuda2hlo\.printf(?: = "|: )([^"*]*)', text)
    return m.group(1).strip() if m else None


def printf_sizes(path):
    with open(path) as f:
        d = printf_desc(f.read())
    return devprint.sizes(d) if d else {}


def said(work, text):
    """Appends what a launch printed to work/said.txt."""
    with open(os.path.join(work, "said.txt"), "a") as f:
        f.write(text)


def no_asserts(desc, buffers, li, launch):
    """Fail when a device assert failed (the oracle's held, or it would have stopped)."""
    n = devprint.asserts(desc, buffers)
    if n:
        raise Fail(f"a device assert failed in {n} thread(s) of {what(li, launch)}")


def step_c(cfg, test, li, launch, work, state):
    kc = os.path.join(work, f"launch{li}.c")
    convert(cfg, test, li, launch, "c", kc)
    main_c = os.path.join(work, f"main{li}.c")
    with open(main_c, "w") as f:
        f.write(c_main(test, launch, kc))
    exe = os.path.join(work, f"c{li}")
    r = sh([os.environ.get("CC", "cc"), "-std=c11", "-O2", "-w", main_c, "-o", exe, "-lm"])
    if r.returncode != 0:
        raise Fail(f"cc failed on the --emit c output of launch {li}: {first_line(r.stderr)}")
    out = os.path.join(work, f"out{li}")
    os.makedirs(out)
    r = sh([exe, state, out])
    if r.returncode != 0:
        raise Fail(f"loopified C of launch {li} exited {r.returncode}: {first_line(r.stderr)}")
    for _, b in launch.buffer_bindings():
        shutil.copy(os.path.join(out, b + ".npy"), os.path.join(state, b + ".npy"))
    with open(kc) as f:
        d = printf_desc(f.read())
    if d:
        recs = {b: np.load(os.path.join(out, b + ".npy")) for b in devprint.sizes(d)}
        said(work, devprint.text(d, recs))
        no_asserts(d, recs, li, launch)
    for b in test.buffers.values():     # the symbol arrays the function took (__device__ ones change)
        if b.constant and os.path.exists(os.path.join(out, b.name + ".npy")):
            shutil.copy(os.path.join(out, b.name + ".npy"), os.path.join(state, b.name + ".npy"))


# ---- modes run and xla --------------------------------------------------
def mlir_for(cfg, test, li, launch, work):
    path = os.path.join(work, f"launch{li}.mlir")
    if not os.path.exists(path):
        convert(cfg, test, li, launch, "stablehlo", path)
    return path


def arg_binding(launch, test=None):
    """Kernel parameter name -> buffer name, for the pointer parameters; with the test,
    also the `constant:` symbols (module arguments named after the symbol)."""
    out = dict(launch.buffer_bindings())
    for b in (test.buffers.values() if test else []):
        if b.constant:
            out[b.name] = b.name
    return out


def step_run(cfg, test, li, launch, work, state):
    mlir = mlir_for(cfg, test, li, launch, work)
    exe = os.path.join(cfg.bin, "cuda2hlo-run")
    if not os.path.exists(exe):
        raise Skip(f"{exe} is not built")
    out = os.path.join(work, f"run{li}")
    cmd = [exe, mlir, "--out", out] + (["--backend", cfg.backend] if cfg.backend else [])
    with open(mlir) as f:
        an, _ = main_signature(f.read())
    for p, b in arg_binding(launch, test).items():
        if p in an:
            cmd += ["--in", f"{p}={os.path.join(state, b + '.npy')}"]
    r = sh(cmd)
    if r.returncode == 1 and NOT_BUILT.search(r.stderr):
        raise Skip(first_line(r.stderr))
    if r.returncode != 0:
        raise Fail(f"cuda2hlo-run exited {r.returncode} on {what(li, launch)}: {first_line(r.stderr)}")
    said(work, r.stdout)
    for p, b in arg_binding(launch, test).items():      # a __device__ symbol is a result too
        f = os.path.join(out, p + ".npy")
        if os.path.exists(f):
            shutil.copy(f, os.path.join(state, b + ".npy"))


def _balanced(text, i):
    depth = 0
    for j in range(i, len(text)):
        depth += {"(": 1, ")": -1}.get(text[j], 0)
        if depth == 0:
            return j + 1
    raise Fail("unbalanced @main signature")


def main_signature(text):
    """([argument param names], [result param names]) of func.func @main."""
    m = re.search(r"func\.func\s+(?:public\s+)?@main\s*\(", text)
    if not m:
        raise Fail("module has no func.func @main")
    a_end = _balanced(text, m.end() - 1)
    args = text[m.end() - 1:a_end]
    rest = text[a_end:]
    r = re.match(r"\s*->\s*", rest)
    results = ""
    if r:
        if rest[r.end()] == "(":
            results = rest[r.end():_balanced(rest, r.end())]
        else:
            results = rest[r.end():].split("{")[0]
    name = re.compile(r'cuda2hlo\.param\s*=\s*"([^"]+)"')
    arg_types = re.findall(r"%[\w.]+\s*:\s*tensor<", args)
    res_types = re.findall(r"tensor<", results)
    an, rn = name.findall(args), name.findall(results)
    if len(an) != len(arg_types) or len(rn) != len(res_types):
        raise Fail("@main arguments/results lack cuda2hlo.param names")
    return an, rn


def step_xla(cfg, test, li, launch, work, state):
    mlir = mlir_for(cfg, test, li, launch, work)
    import xla
    with open(mlir) as f:
        text = f.read()
    an, rn = main_signature(text)
    bind = arg_binding(launch, test)
    d = printf_desc(text)
    prints = devprint.sizes(d) if d else {}
    try:
        ins = [np.zeros(prints[p], np.int64) if p in prints else
               np.load(os.path.join(state, bind[p] + ".npy")) for p in an]
    except KeyError as e:
        raise Fail(f"@main argument {e} is not a buffer of {what(li, launch)}") from None
    try:
        outs = xla.run_xla(text, ins)
    except Exception as e:  # jaxlib raises several types; all are a failure here
        raise Fail(f"XLA rejected {what(li, launch)}: {first_line(str(e))}") from None
    if d:
        recs = {p: o.reshape(-1) for p, o in zip(rn, outs) if p in prints}
        said(work, devprint.text(d, recs))
        no_asserts(d, recs, li, launch)
    for p, o in zip(rn, outs):
        if p in prints:
            continue
        if p not in bind:
            raise Fail(f"@main result '{p}' is not a buffer of {what(li, launch)}")
        np.save(os.path.join(state, bind[p] + ".npy"), o.reshape(-1))


STEPS = {"c": step_c, "run": step_run, "xla": step_xla}


# ---- one kernel ---------------------------------------------------------
def run_mode(cfg, test, mode, inputs, want, work, want_out=""):
    """Returns (status, reason)."""
    if test.expect == "race":
        return race_mode(cfg, test, mode, work)
    if mode == "oracle":
        return "PASS", "oracle ran"
    if test.entry and mode == "c":
        raise Skip("entry test: --emit c is per kernel (modes run and xla run the host function)")
    state = os.path.join(work, "state")
    shutil.copytree(inputs, state)
    for li, ln in enumerate([test.entry] if test.entry else test.launches):
        STEPS[mode](cfg, test, li, ln, work, state)
    problems = []
    for c in test.checks:
        got = np.load(os.path.join(state, c.name + ".npy"))
        bad = corpus.compare(got, want[c.name], test.buffers[c.name].dtype, c.rtol, c.atol)
        if bad:
            i, g, w = bad[0]
            problems.append(f"{c.name}: {len(bad)} of {want[c.name].size} differ, "
                            f"first [{i}] got {g} want {w}")
    if test.check_stdout:
        path = os.path.join(work, "said.txt")
        got = open(path).read() if os.path.exists(path) else ""
        if sorted(got.splitlines()) != sorted(want_out.splitlines()):
            g, w = sorted(got.splitlines()), sorted(want_out.splitlines())
            first = next((i for i in range(min(len(g), len(w))) if g[i] != w[i]), min(len(g), len(w)))
            problems.append(f"stdout: {len(g)} line(s), the oracle's {len(w)}; first difference (sorted) "
                            f"got {g[first] if first < len(g) else '<none>'!r} want {w[first] if first < len(w) else '<none>'!r}")
    if problems:
        return "FAIL", "; ".join(problems)
    return "PASS", f"{len(test.checks)} checked buffer(s){' and stdout' if test.check_stdout else ''} agree with the oracle"


def race_mode(cfg, test, mode, work):
    if mode == "oracle":
        return "PASS", "racy kernel: oracle not compared"
    if mode == "c":
        # --emit c prints the loop IR of any kernel (one legal schedule); refusing races
        # needs the polyhedral facts of the later stages (DESIGN.md, "Polyhedral facts").
        raise Skip("racy kernel: --emit c does not check races (poly/raise refuse them)")
    exe = os.path.join(cfg.bin, "cuda2hlo")
    if not os.path.exists(exe):
        raise Skip(f"{exe} is not built")
    emit = "c" if mode == "c" else "stablehlo"
    r = sh([exe, test.path] + corpus.converter_args(test, test.launches[0]) +
           ["--emit", emit, "-o", os.path.join(work, "race.out")], cached=True)
    if r.returncode == 1 and NOT_BUILT.search(r.stderr):
        raise Skip(first_line(r.stderr))
    if r.returncode == 1 and re.search(r"race", r.stderr):
        return "PASS", "racy kernel refused: " + first_line(r.stderr)
    return "FAIL", f"racy kernel not refused (cuda2hlo exited {r.returncode})"


def run_kernel(job):
    cfg, path = job
    name = os.path.splitext(os.path.basename(path))[0]
    lines = []
    try:
        test = corpus.parse(path)
    except corpus.CorpusError as e:
        return [("FAIL", name, m, f"bad test block: {e}") for m in cfg.modes]
    with tempfile.TemporaryDirectory(prefix=f"exec-{name}-") as d:
        inputs, want_dir = os.path.join(d, "in"), os.path.join(d, "want")
        want, want_out = {}, ""
        try:
            corpus.make_inputs(test, inputs)
            if test.expect != "race" or "oracle" in cfg.modes:
                want_out = oracle.run(path, inputs, want_dir)
                want = {b: np.load(os.path.join(want_dir, b + ".npy")) for b in test.buffers}
        except (oracle.OracleError, corpus.CorpusError, subprocess.TimeoutExpired) as e:
            return [("FAIL", name, m, f"oracle: {first_line(str(e))}") for m in cfg.modes]
        for mode in cfg.modes:
            work = os.path.join(d, mode)
            os.makedirs(work)
            try:
                status, why = run_mode(cfg, test, mode, inputs, want, work, want_out)
            except Skip as e:
                status, why = "SKIP", str(e)
            except Fail as e:
                status, why = "FAIL", str(e)
            lines.append((status, name, mode, why))
    return lines


def main(argv):
    ap = argparse.ArgumentParser(description="Run the corpus against the CUDA oracle.")
    ap.add_argument("--mode", action="append", choices=MODES + ("all",))
    ap.add_argument("--bin", default=os.environ.get("CUDA2HLO_BIN", os.path.join(ROOT, "build", "bin")))
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--backend", help="cuda2hlo-run backend for mode run (default: its own)")
    ap.add_argument("--sample", type=int, default=1, metavar="N",
                    help="every Nth file of the list, from the first (the ASan build's shorter "
                         "runs of exec_c and exec_run_pjrt: tests/exec/CMakeLists.txt)")
    ap.add_argument("files", nargs="*")
    cfg = ap.parse_args(argv[1:])
    modes = cfg.mode or ["oracle"]
    cfg.modes = list(MODES) if "all" in modes else list(dict.fromkeys(modes))
    if cfg.backend and cfg.backend.startswith("pjrt"):
        import xla
        xla.f16_without_contraction()   # read by the plugin that cuda2hlo-run loads
    files = cfg.files or corpus.corpus_files(os.path.join(ROOT, "tests", "kernels"))
    if cfg.sample > 1:
        print(f"sample: every {cfg.sample}th of {len(files)} files, {len(files[::cfg.sample])} run", flush=True)
        files = files[::cfg.sample]
    jobs = [(cfg, os.path.abspath(f)) for f in files]
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(max(1, cfg.j)) as pool:
        for lines in pool.imap(run_kernel, jobs):
            for status, name, mode, why in lines:
                counts[status] += 1
                print(f"{status} {name} {mode}: {why}", flush=True)
    print(f"{counts['PASS']} passed, {counts['FAIL']} failed, {counts['SKIP']} skipped")
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
