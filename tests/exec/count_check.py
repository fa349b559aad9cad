"""count_check.py: per kernel, the gathers, scatters and whiles raise emits are the ones the
data asks for (issue 18, mixed raising), counted by a classifier of its own.

The rule: a kernel module has one gather per read whose index depends on data, one scatter
per store whose index depends on data plus one per atomic whose address does, and one
while per loop whose trip count depends on data; every other access is dense.

The expected numbers do not come from raise: this script reads the kernel IR the frontend
prints (`cuda2hlo --emit kir`: device functions inlined, one node per access) and decides
by itself which values depend on data. A value depends on data when it is a load, an
atomic's old value, or a variable some assignment sets from such a value or under a
condition that depends on data (flow-insensitive taint, to a fixed point). A loop depends
on data when its condition does, or a break or return in its body sits under such a
condition. It counts access sites of the kernel IR, so an access in a loop raise unrolls
counts once: such kernels are exceptions.

What raise made is read from `--report` (the `gathers/scatters/whiles` lines of a kernel
block, or each `launch K<<<...>>>:` line of an --entry test). A kernel whose counts differ
from the rule must be listed in the exceptions file (`NAME  # reason`); a listed kernel
that now matches is an error too (a stale exception), so the list stays the work list.
Prints `ok|DIFF|FAIL NAME[/K]: got g/s/w, rule g/s/w` per module; exits 1 on a failure.

Usage: count_check.py --bin DIR [--exceptions FILE] [--all] [FILE.cu...]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import convcache  # noqa: E402
import corpus  # noqa: E402


class Node:
    def __init__(self, words):
        self.words = words
        self.kids = []

    @property
    def kind(self):
        return self.words[0]


def parse_kir(text):
    """{kernel name: root Node} from --emit kir text (two spaces of indent per level)."""
    kernels, stack = {}, []
    for ln in text.splitlines():
        if not ln.strip():
            continue
        depth = (len(ln) - len(ln.lstrip(" "))) // 2
        words = [w for w in ln.split() if not w.startswith("@")]
        node = Node(words)
        if depth == 0:
            if words[0] != "kernel":
                continue
            kernels[words[1]] = node
            stack = [node]
            continue
        del stack[depth:]
        if stack:
            stack[-1].kids.append(node)
        stack.append(node)
    return kernels


def var_set(n):
    """The variable an assignment-like node sets, else None."""
    w = n.words
    if n.kind == "decl":
        return w[1]
    if n.kind in ("assign", "preinc", "postinc", "predec", "postdec"):
        at = next(i for i, x in enumerate(w) if i >= 1 and x in ("var", "mem"))
        return w[at + 1] if w[at] == "var" else None
    if n.kind == "sync" and "->" in w:
        return w[w.index("->") + 1]
    return None


class Taint:
    def __init__(self, root):
        self.root, self.vars = root, set()

    def expr(self, n):
        if n.kind in ("load", "atomic"):
            return True
        if n.kind == "var":
            return n.words[-1] in self.vars
        if n.kind == "assign" and var_set(n) is None:
            return self.expr(n.kids[-1])
        return any(self.expr(k) for k in n.kids)

    def label(self, n, name):
        return next((k for k in n.kids if k.words == [name]), None)

    def exits_on_data(self, n, ctl, inner=False):
        """Whether a break of this loop (not of an inner one) or a return under n sits
        under a condition that depends on data (ctl: the enclosing ones do)."""
        if n.kind == "break":
            return ctl and not inner
        if n.kind in ("return", "exit"):
            return ctl
        if n.kind == "if":
            c = ctl or self.expr(n.kids[0])
            return any(self.exits_on_data(k, c, inner) for k in n.kids[1:])
        inner = inner or n.kind in ("for", "while", "do")
        return any(self.exits_on_data(k, ctl, inner) for k in n.kids)

    def loop_on_data(self, n):
        cond = self.label(n, "cond")
        if cond is not None and any(self.expr(k) for k in cond.kids):
            return True
        body = self.label(n, "body")
        return body is not None and any(self.exits_on_data(k, False) for k in body.kids)

    def stmt(self, n, ctl):
        v = var_set(n)
        if v is not None and v not in self.vars and (ctl or any(self.expr(k) for k in n.kids)):
            self.vars.add(v)
        if n.kind == "if":
            c = ctl or self.expr(n.kids[0])
            for k in n.kids[1:]:
                self.stmt(k, c)
            return
        if n.kind in ("for", "while", "do"):
            c = ctl or self.loop_on_data(n)
            for k in n.kids:
                self.stmt(k, c)
            return
        for k in n.kids:
            self.stmt(k, ctl)

    def run(self):
        while True:
            before = len(self.vars)
            self.stmt(self.root, False)
            if len(self.vars) == before:
                return self

    def count(self, n=None):
        """(gathers, scatters, whiles) the rule asks for under n."""
        n = n or self.root
        g = s = w = 0
        if n.kind == "load" and self.expr(n.kids[0]):
            g += 1
        if n.kind == "atomic" and self.expr(n.kids[0]):
            s += 1
        if n.kind in ("assign", "preinc", "postinc", "predec", "postdec") \
                and var_set(n) is None and self.expr(n.kids[0]):
            s += 1
        if n.kind in ("for", "while", "do") and self.loop_on_data(n):
            w += 1
        for k in n.kids:
            kg, ks, kw = self.count(k)
            g, s, w = g + kg, s + ks, w + kw
        return g, s, w


def rule_counts(exe, path, args):
    """{kernel: (g, s, w)} for the kernels of path under args (--emit kir)."""
    r = convcache.run(exe, [path] + args + ["--emit", "kir"], 120)
    if r.returncode != 0:
        raise RuntimeError(f"--emit kir exited {r.returncode}: {r.stderr.strip()[:200]}")
    return {k: Taint(root).run().count() for k, root in parse_kir(r.stdout).items()}


def got_counts(exe, path, args, tmp):
    """[(kernel, (g, s, w))] from --report: kernel blocks, or an entry's launch lines."""
    out = os.path.join(tmp, "m.mlir")
    # the same conversion as tests/exec/run.py's mode run: convcache keeps it once
    r = convcache.run(exe, [path] + args + ["--emit", "stablehlo", "--report", "-o", out], 300)
    if r.returncode != 0:
        raise RuntimeError(f"cuda2hlo exited {r.returncode}: {r.stderr.strip()[:200]}")
    got, cur = [], None
    for ln in r.stderr.splitlines():
        m = re.match(r"  launch (\S+?)<<<.*gathers (\d+), scatters (\d+), whiles (\d+)", ln)
        if m:
            got.append((m.group(1), tuple(int(x) for x in m.groups()[1:])))
            continue
        m = re.match(r"kernel (\S+)$", ln)
        if m:
            cur = [m.group(1), {}]
            got.append(cur)
        m = re.match(r"  (gathers|scatters|whiles) (\d+)$", ln)
        if m and isinstance(cur, list):
            cur[1][m.group(1)] = int(m.group(2))
    return [(k, (c["gathers"], c["scatters"], c["whiles"])) if isinstance(c, dict) else (k, c)
            for k, c in got]


def check_file(exe, path):
    """[(label, got, rule)] for every module of one corpus file."""
    test = corpus.parse(path)
    name = os.path.splitext(os.path.basename(path))[0]
    launches = [None] if test.entry else test.launches
    rows, rule = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for li, launch in enumerate(launches):
            args = corpus.converter_args(test, launch)
            if li == 0 or not test.entry and launch.kernel not in rule:
                rule.update(rule_counts(exe, path, test.flags + corpus.rdc_args(test) + ([] if test.entry else
                                        ["--kernel", launch.kernel,
                                         "--block", ",".join(map(str, launch.block))])))
            for k, got in got_counts(exe, path, args, tmp):
                base = k.split("<")[0]
                want = rule.get(k) or rule.get(base)
                label = name if len(launches) == 1 and not test.entry else f"{name}/{k}"
                if len(launches) > 1:
                    label += f"#{li}"
                rows.append((label, got, want))
    return name, rows


def exceptions_of(path):
    out = {}
    with open(path) as f:
        for ln in f:
            body, _, why = ln.partition("#")
            if body.strip():
                out[body.strip()] = why.strip()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("CUDA2HLO_BIN"))
    ap.add_argument("--exceptions", default=os.path.join(HERE, "count_exceptions.txt"))
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--sample", type=int, default=1, metavar="N",
                    help="every Nth file of the list, from the first (the ASan build's "
                         "shorter run: tests/exec/CMakeLists.txt)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    exe = os.path.join(a.bin, "cuda2hlo")
    files = a.files or [p for p in corpus.corpus_files(os.path.join(ROOT, "tests", "kernels"))
                        if os.path.dirname(p) == os.path.join(ROOT, "tests", "kernels")]
    files = [os.path.abspath(p) for p in files]     # the paths run.py converts (convcache)
    if a.sample > 1:
        print(f"sample: every {a.sample}th of {len(files)} files, {len(files[::a.sample])} run", flush=True)
        files = files[::a.sample]
    exc = exceptions_of(a.exceptions)
    fails = oks = diffs = 0

    def one(p):
        try:
            return check_file(exe, p)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            return os.path.splitext(os.path.basename(p))[0], str(e)

    with ThreadPoolExecutor(a.j) as pool:
        for name, rows in pool.map(one, files):
            if isinstance(rows, str):
                print(f"FAIL {name}: {rows}")
                fails += 1
                continue
            differs = False
            for label, got, want in rows:
                if want is None:
                    print(f"FAIL {label}: no kernel IR for it")
                    fails += 1
                    continue
                fmt = "/".join(map(str, got)) + ", rule " + "/".join(map(str, want))
                if got != want:
                    differs = True
                    tag = "DIFF" if name in exc else "FAIL"
                    fails += tag == "FAIL"
                    print(f"{tag} {label}: got {fmt}" + (f" ({exc[name]})" if name in exc else
                                                        " (not in the exceptions)"))
                else:
                    print(f"ok {label}: {fmt}")
            if name in exc and not differs and rows:
                print(f"FAIL {name}: listed as an exception but every module follows the rule")
                fails += 1
            oks += not differs
            diffs += differs
    print(f"{oks} files follow the rule, {diffs} differ, {fails} failed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
