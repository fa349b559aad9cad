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
condition, unless its trip count is a constant of at most MAX_UNROLL (const_loops): raise
unrolls such a loop and makes its exits masks (an exit scope), so it is no while. It counts access sites of the kernel IR, so an access in a loop raise unrolls
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


ARITH = {"add": lambda x, y: x + y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y}
COMPARE = {"lt": lambda x, y: x < y, "le": lambda x, y: x <= y, "gt": lambda x, y: x > y,
           "ge": lambda x, y: x >= y, "eq": lambda x, y: x == y, "ne": lambda x, y: x != y}
MAX_UNROLL = 64       # src/raise: the most iterations the affine strategy unrolls


def const_value(n, env):
    """The integer value of expression n when its variables are constants in env, else None."""
    if n.kind == "const":
        try:
            return int(n.words[-1])
        except ValueError:
            return None
    if n.kind == "var":
        return env.get(n.words[-1])
    if n.kind == "param":     # a scalar the test binds with --set
        return env.get(("param", n.words[-1]))
    if n.kind == "cast" and len(n.kids) == 1:
        return const_value(n.kids[0], env)
    if (n.kind in ARITH or n.kind in COMPARE) and len(n.kids) == 2:
        x, y = const_value(n.kids[0], env), const_value(n.kids[1], env)
        if x is None or y is None:
            return None
        return int((ARITH.get(n.kind) or COMPARE[n.kind])(x, y))
    return None


def assigned_in(n):
    """The variables some node under n sets."""
    out = set()
    v = var_set(n)
    if v is not None:
        out.add(v)
    for k in n.kids:
        out |= assigned_in(k)
    return out


def has_kind(n, kinds):
    return n.kind in kinds or any(has_kind(k, kinds) for k in n.kids)


def label_of(n, name):
    return next((k for k in n.kids if k.words == [name]), None)


def step_of(n, env):
    """Apply one unconditional update of a loop variable (i++, i += c, i = expr) to env;
    False when n is not one."""
    v = var_set(n)
    if n.kind in ("preinc", "postinc", "predec", "postdec"):
        if env.get(v) is None:
            return False
        env[v] += 1 if "inc" in n.kind else -1
        return True
    if n.kind != "assign":
        return False
    op = n.words[2].split(".")[0] if n.words[2] not in ("var", "mem") else None
    x = const_value(n.kids[-1], env)
    if x is None or op is not None and (op not in ARITH or env.get(v) is None):
        return False
    env[v] = ARITH[op](env[v], x) if op else x
    return True


def const_trips(loop, env):
    """Whether loop runs a constant number of trips, at most MAX_UNROLL, from env (the
    constants before it): its condition reads variables that only the step and the body's
    own top-level statements change, by constants, so its trips are a constant sequence
    (the raise unrolls such a loop; a data-dependent break or return in it is an exit scope,
    affine_exits.c, not a while)."""
    cond, body, step = label_of(loop, "cond"), label_of(loop, "body"), label_of(loop, "step")
    if cond is None or len(cond.kids) != 1 or body is None:
        return False
    cvars, stack = set(), [cond.kids[0]]
    while stack:
        n = stack.pop()
        if n.kind == "var":
            cvars.add(n.words[-1])
        stack.extend(n.kids)
    block = body.kids[0] if len(body.kids) == 1 and body.kids[0].kind == "block" else body
    updates = []      # (node) in program order: the body's top-level, then the step
    for s in block.kids:
        if s.kind == "expr" and len(s.kids) == 1 and var_set(s.kids[0]) in cvars:
            updates.append(s.kids[0])
        elif cvars & assigned_in(s):
            return False
    if updates and has_kind(block, ("continue",)):
        return False      # a continue skips the body's update on some lanes
    if step is not None:
        updates += [k for k in step.kids if var_set(k) in cvars]
        if any(cvars & assigned_in(k) for k in step.kids if var_set(k) not in cvars):
            return False
    env = dict(env)
    for trip in range(MAX_UNROLL + 1):
        if trip or loop.kind != "do":
            c = const_value(cond.kids[0], env)
            if c is None:
                return False
            if not c:
                return trip > 0 or loop.kind != "do"
        if trip == MAX_UNROLL:
            return False
        for u in updates:
            if not step_of(u, env):
                return False
    return False


def const_loops(root, params):
    """The loops (by id) of constant trip counts (const_trips), found by a walk that
    keeps the variables whose values are constants on every path so far (params: the
    scalars bound by --set)."""
    out = set()

    def walk(n, env):
        if n.kind in ("block", "then", "else", "body", "init", "step", "cond"):
            for k in n.kids:
                walk(k, env)
            return
        if n.kind == "decl":
            env[n.words[1]] = const_value(n.kids[0], env) if n.kids else None
            return
        if n.kind == "expr" and len(n.kids) == 1 and var_set(n.kids[0]) is not None:
            u = dict(env)
            env[var_set(n.kids[0])] = u[var_set(n.kids[0])] if step_of(n.kids[0], u) else None
            return
        if n.kind in ("for", "while", "do"):
            init = label_of(n, "init")
            if init is not None:
                walk(init, env)
            if const_trips(n, env):
                out.add(id(n))
            inner = dict(env)
            for v in assigned_in(n):
                inner[v] = None
                env[v] = None
            body = label_of(n, "body")
            if body is not None:
                walk(body, inner)
            return
        for k in n.kids[1:] if n.kind == "if" else n.kids:   # the kernel, a switch, ...
            walk(k, dict(env))
        for v in assigned_in(n):
            env[v] = None

    walk(root, {("param", k): v for k, v in params.items()})
    return out


class Taint:
    def __init__(self, root, params=None):
        self.root, self.vars = root, set()
        self.unrolled = const_loops(root, params or {})

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

    def loop_on_data(self, n, inside=False):
        """A loop of a constant trip count is unrolled whatever its exits (an exit scope:
        the lanes that left a mask on the later stores, the variables exact on the lanes
        still running), so neither a while nor a data-dependent guard on its body; but not
        inside a data-dependent loop (inside): there one that breaks on data is a while of
        its own (its break is not the outer loop's)."""
        body = self.label(n, "body")
        if id(n) in self.unrolled:
            return inside and any(self.exits_on_data(k, False) for k in body.kids)
        cond = self.label(n, "cond")
        if cond is not None and any(self.expr(k) for k in cond.kids):
            return True
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

    def count(self, n=None, inside=False):
        """(gathers, scatters, whiles) the rule asks for under n (inside: in the body of a
        data-dependent loop)."""
        n = n or self.root
        g = s = w = 0
        if n.kind == "load" and self.expr(n.kids[0]):
            g += 1
        if n.kind == "atomic" and self.expr(n.kids[0]):
            s += 1
        if n.kind in ("assign", "preinc", "postinc", "predec", "postdec") \
                and var_set(n) is None and self.expr(n.kids[0]):
            s += 1
        if n.kind in ("for", "while", "do") and self.loop_on_data(n, inside):
            w += 1
            inside = True
        for k in n.kids:
            kg, ks, kw = self.count(k, inside)
            g, s, w = g + kg, s + ks, w + kw
        return g, s, w


def bound_scalars(args):
    """{name: integer value} of the --set flags in args."""
    out = {}
    for flag, val in zip(args, args[1:]):
        name, _, v = val.partition("=")
        if flag == "--set" and v.lstrip("-").isdigit():
            out[name] = int(v)
    return out


def rule_counts(exe, path, args, params=None):
    """{kernel: (g, s, w)} for the kernels of path under args (--emit kir)."""
    r = convcache.run(exe, [path] + args + ["--emit", "kir"], 120)
    if r.returncode != 0:
        raise RuntimeError(f"--emit kir exited {r.returncode}: {r.stderr.strip()[:200]}")
    return {k: Taint(root, params).run().count() for k, root in parse_kir(r.stdout).items()}


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
                                         "--block", ",".join(map(str, launch.block))]),
                                        bound_scalars(args)))
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
