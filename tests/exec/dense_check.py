"""dense_check.py: the dense list (tests/exec/dense_list.txt) is fully tensorized.

For every kernel file named in the list (one per line, '#' comments), converts each of
its launches (corpus.converter_args, as run.py does) with `cuda2hlo --report` and checks
the module and the report: zero gather, scatter and while ops in the module text, and
every store dense ("stores dense N fallback 0", N > 0) by an affine strategy ("strategy
affine..."; `NAME strategy=S` names the one it must be). A line `NAME gathers=N` allows
exactly N gathers, each a read the dense strategy could not slice, named by a `load BUF at
L:C: gather (WHY)` line of the report (mixed raising: the stores and other reads dense).
A line `NAME whiles=N` names an --entry test (a host program): its one module has zero
gather and scatter and at most N outermost while ops (the host's own loops), and every
kernel module the report lists (`launch K<<<...>>>: ...`) has zero gathers and scatters and
every store dense. `columns=M` allows M while ops nested in those (column loops of the
kernels the host loop launches, src/raise/affine_column.c; default 0). For a kernel test,
`columns=M`: exactly M while ops, and a `column loop at` line in the report.
Correctness of the same files is run.py's job (--mode run --mode xla on the same list).
Prints `PASS|FAIL NAME: reason` per file, then `N passed, N failed`; exits 1 on a failure.

Usage: dense_check.py --bin DIR [--list FILE] [NAME...]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import convcache  # noqa: E402
import corpus  # noqa: E402

BAD_OPS = re.compile(r"stablehlo\.(gather|scatter|while)\b")


def names_of(path):
    out = []
    with open(path) as f:
        for ln in f:
            ln = ln.split("#", 1)[0].strip()
            if ln:
                out.append(ln)
    return out


def while_nesting(text):
    """(outermost, nested) counts of the module's while ops, nesting read from the
    printer's indentation (a region's ops are indented deeper than the op that holds it)."""
    outer = nested = 0
    stack = []
    for ln in text.splitlines():
        if not re.search(r"stablehlo\.while\b", ln):
            continue
        ind = len(ln) - len(ln.lstrip(" "))
        while stack and stack[-1] >= ind:
            stack.pop()
        if stack:
            nested += 1
        else:
            outer += 1
        stack.append(ind)
    return outer, nested


def check_entry(exe, path, test, whiles, columns, tmp):
    out = os.path.join(tmp, os.path.basename(path) + ".entry.mlir")
    r = convcache.run(exe, [path] + corpus.converter_args(test) +
                      ["--emit", "stablehlo", "--report", "-o", out], 300)
    if r.returncode != 0:
        return f"cuda2hlo exited {r.returncode}: {r.stderr.strip().splitlines()[:1]}"
    with open(out) as f:
        text = f.read()
    bad = BAD_OPS.findall(text)
    gs = [b for b in bad if b != "while"]
    if gs:
        return f"entry module has {len(gs)} gather/scatter ({gs[0]})"
    outer, nested = while_nesting(text)
    if outer > whiles:
        return f"entry module has {outer} outermost while ops (at most {whiles})"
    if nested > columns:
        return f"entry module has {nested} nested while ops (at most {columns} column loops)"
    launches = [ln.strip() for ln in r.stderr.splitlines() if ln.startswith("  launch ")]
    if not launches:
        return "no `launch` line in --report"
    for ln in launches:
        if "gathers 0, scatters 0," not in ln or not ln.endswith("fallback 0"):
            return f"report: {ln}"
    return None


def check(exe, name, tmp):
    name, _, opt = name.partition(" ")
    path = os.path.join(ROOT, "tests", "kernels", name if name.endswith(".cu") else name + ".cu")
    test = corpus.parse(path)
    opts = dict(re.findall(r"(\w+)=(\S+)", opt))
    if len(opts) != len(opt.split()) or set(opts) - {"whiles", "gathers", "strategy", "columns"} or \
            any(not opts[k].isdigit() for k in ("whiles", "gathers", "columns") if k in opts):
        return f"bad option '{opt}' (whiles=N, gathers=N, columns=N, strategy=NAME)"
    columns = int(opts.get("columns", 0))
    if test.entry:
        if "whiles" not in opts:
            return "an --entry test needs `whiles=N` in the list"
        return check_entry(exe, path, test, int(opts["whiles"]), columns, tmp)
    if "whiles" in opts:
        return "`whiles=N` is for --entry tests"
    gathers = int(opts.get("gathers", 0))
    if not test.launches:
        return "no launch"
    for li, launch in enumerate(test.launches):
        out = os.path.join(tmp, f"{os.path.basename(path)}.{li}.mlir")
        r = convcache.run(exe, [path] + corpus.converter_args(test, launch) +
                          ["--emit", "stablehlo", "--report", "-o", out], 120)
        if r.returncode != 0:
            return f"cuda2hlo exited {r.returncode}: {r.stderr.strip().splitlines()[:1]}"
        with open(out) as f:
            text = f.read()
        rep = r.stdout + r.stderr
        why = [ln.strip() for ln in rep.splitlines() if "not applicable" in ln]
        bad = BAD_OPS.findall(text)
        if columns:
            nwhile = len([b for b in bad if b == "while"])
            if nwhile != columns or "  column loop at " not in rep:
                return f"launch {li}: {nwhile} while ops, want {columns} from column loops"
            bad = [b for b in bad if b != "while"]
        loads = [ln for ln in rep.splitlines() if re.match(r"  load \S+ at \d+:\d+: gather \(", ln)]
        ngather = len(re.findall(r'"stablehlo\.gather"', text))   # the op, not its attribute
        if ngather == gathers and len(loads) == gathers:
            bad = [b for b in bad if b != "gather"]
        elif ngather == gathers:
            return f"launch {li}: {gathers} gathers but {len(loads)} `load ...: gather` lines"
        if bad:
            return f"launch {li}: module has {len(bad)} gather/scatter/while ({bad[0]})" + \
                (f" ({why[0]})" if why else "")
        m = re.search(r"stores dense (\d+) fallback (\d+)", rep)
        if not m:
            return f"launch {li}: no 'stores dense' line in --report"
        if int(m.group(2)) != 0 or int(m.group(1)) == 0:
            return f"launch {li}: {m.group(0)}" + (f" ({why[0]})" if why else "")
        st = re.search(r"^  strategy (\S+)$", rep, re.M)
        want = opts.get("strategy")
        if not st or not (st.group(1) == want if want else st.group(1).startswith("affine")):
            return f"launch {li}: " + (st.group(0).strip() if st else "no 'strategy' line") + \
                f" in --report (want {want or 'affine...'})"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("CUDA2HLO_BIN"))
    ap.add_argument("--list", default=os.path.join(HERE, "dense_list.txt"))
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    exe = os.path.join(a.bin or "", "cuda2hlo")
    names = a.names or names_of(a.list)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n in names:
            if not os.path.exists(exe):
                why = f"{exe} is not built"
            else:
                try:
                    why = check(exe, n, tmp)
                except (corpus.CorpusError, OSError, subprocess.TimeoutExpired) as e:
                    why = str(e)
            if why:
                failed += 1
                print(f"FAIL {n}: {why}")
            else:
                passed += 1
                print(f"PASS {n}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
