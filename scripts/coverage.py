"""coverage.py DIR [-j N] [--timeout S] [--every N] [--resume LOG] [-- FLAGS...]: the work of scripts/coverage.sh.

Per .cu file under DIR: `cuda2hlo --list-kernels FILE`, then one whole-file
`cuda2hlo --emit kir FILE FLAGS`: a listed kernel it prints ('kernel NAME @line:col') is
parsed, one its errors name ("note: in kernel 'K'" after the error) is refused with that
first error; each other kernel gets its own `cuda2hlo --emit kir --kernel K FILE FLAGS` (files
in parallel, -j; progress and each refusal on stderr, so a partial run can be read:
`coverage.py --summarize STDERR_LOG [TOP]` prints the totals and classes of the files it
finished). Exit 0 is parsed, 1 or 2 refused (the
first `error:` line, with quoted names and numbers blanked, is its class), anything
else (a signal, another status, --timeout seconds passed) crashed. A kernel template that
the file never instantiates (no launch, no explicit instantiation: cuda2hlo's located
"kernel template 'K' has no instance" error) is counted apart as a template: it is no
kernel (C++ generates no code for a template never instantiated), so the percentage
parsed is over the kernels that exist, instances included, templates left out.

--build-flags: each file also gets the -D, -U, -I and -std= flags its own build passes to
the CUDA compiler, read from `make -n -B` in the nearest folder above the file that has a
Makefile (the command line that compiles the file, else the first that compiles a .cu
file; -I folders made absolute). When that line builds relocatable device code (-dc,
-rdc=true), every other .cu file the build compiles is passed as --rdc-source. Files are parsed as the program's build parses them; the
default (no flag) parses each file with none, as the issue's "files as they stand" figure.
"""
import argparse
import collections
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.environ.get("CUDA2HLO", os.path.join(HERE, "..", "build", "bin", "cuda2hlo"))


def run(args, timeout):
    try:
        r = subprocess.run([TOOL] + args, capture_output=True, text=True, errors="replace",
                           timeout=timeout)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def make_dir(f):
    d = os.path.dirname(os.path.abspath(f))
    while d != os.path.dirname(d):
        if any(os.path.isfile(os.path.join(d, m)) for m in ("Makefile", "makefile", "GNUmakefile")):
            return d
        d = os.path.dirname(d)
    return None


_make_cache = {}


def relocatable(words):
    """1 when a compile line builds relocatable device code (-dc, -rdc=true, -rdc true)."""
    return any(w in ("-dc", "-rdc=true", "--relocatable-device-code=true", "-fgpu-rdc") or
               w in ("-rdc", "--relocatable-device-code") and i + 1 < len(words) and words[i + 1] == "true"
               for i, w in enumerate(words))


def build_flags(f):
    """The -D/-U/-I/-std= flags `make -n -B` shows for compiling f (see --build-flags)."""
    d = make_dir(f)
    if d is None:
        return []
    if d not in _make_cache:
        try:
            out = subprocess.run(["make", "-n", "-B"], cwd=d, capture_output=True, text=True,
                                 errors="replace", timeout=60, stdin=subprocess.DEVNULL).stdout
        except subprocess.TimeoutExpired:
            out = ""
        _make_cache[d] = out
    lines = []
    for line in _make_cache[d].split("\n"):
        try:
            words = shlex.split(line)
        except ValueError:
            continue
        if ("-c" in words or "-dc" in words) and any(w.endswith(".cu") for w in words):
            lines.append(words)
    rel = os.path.relpath(os.path.abspath(f), d)
    words = next((w for w in lines if rel in w or os.path.basename(f) in w), lines[0] if lines else [])
    flags, i = [], 0
    if relocatable(words):      # device functions of the program's other .cu files
        others = {os.path.normpath(os.path.join(d, w)) for ws in lines for w in ws if w.endswith(".cu")}
        flags += [x for o in sorted(others - {os.path.abspath(f)}) if os.path.isfile(o)
                  for x in ("--rdc-source", o)]
    while i < len(words):
        w = words[i]
        if w in ("-D", "-U", "-I") and i + 1 < len(words):
            w, i = w + words[i + 1], i + 1
        if w.startswith("-I"):
            flags.append("-I" + os.path.normpath(os.path.join(d, w[2:])))
        elif w.startswith(("-D", "-U", "-std=")):
            flags.append(w)
        i += 1
    return flags


def first_error(stderr):
    """(class, where) of the first error line: 'file:line:col: error: msg'."""
    for line in stderr.splitlines():
        m = re.match(r"(?:(\S+?:\d+:\d+): )?(?:cuda2hlo: )?(?:fatal )?error: (.*)", line)
        if m:
            msg = re.sub(r"'[^']*'", "'X'", m.group(2))
            msg = re.sub(r"\b\d+\b", "N", msg)
            return msg, m.group(1) or "?"
    return "(no error line) " + (stderr.strip().splitlines() or ["(empty stderr)"])[0][:80], "?"


def attributed(stderr):
    """{kernel: (class, where)} from a whole-file run's stderr: the first error before each
    "note: in kernel 'K'" (or "... in kernel 'K' (device function ...)") since the last such
    note is K's refusal. A kernel no note names gets a run of its own."""
    why, block = {}, []
    for line in stderr.splitlines():
        m = re.search(r"error: kernel template '([^']+)' has no instance", line)
        if m:       # names its template itself, with no note after it
            why.setdefault(m.group(1), first_error(line))
            continue
        m = re.search(r"note: (?:inlined from a call )?in kernel '([^']+)'", line)
        if m:
            if block and m.group(1) not in why:
                why[m.group(1)] = first_error("\n".join(block))
            block = []
        elif re.search(r"\berror: ", line):
            block.append(line)
    return why


NO_INSTANCE = re.compile(r"is a kernel template: name an instance|kernel template 'X' has no instance")


def outcome(k, why):
    """refused, or template for a template the file never instantiates."""
    return "template" if "<" not in k and NO_INSTANCE.search(why[0]) else "refused"


def kernel_job(f, k, flags, timeout):
    rc, _, err = run(["--emit", "kir", "--kernel", k, f] + flags, timeout)
    if rc == 0:
        return f, k, "parsed", None
    if rc in (1, 2):
        why = first_error(err)
        return f, k, outcome(k, why), why
    why = f"signal {-rc}" if isinstance(rc, int) and rc < 0 else f"exit {rc}"
    return f, k, "crashed", (why, f)


def file_job(f, flags, timeout, own_flags=False):
    """(f, list outcome, [kernel results]) for one file: its kernels, one run each."""
    if own_flags:
        flags = build_flags(f) + flags
    rc, out, err = run(["--list-kernels", f] + flags, timeout)
    if rc != 0:
        return f, (rc, first_error(err)), []
    ks = [k for k in out.split("\n") if k]
    rc, out, err = run(["--emit", "kir", f] + flags, timeout) if ks else (1, "", "")
    done = set(re.findall(r"^kernel (.+) @\d+:\d+$", out, re.M)) if rc == 0 else set()
    why = attributed(err) if rc in (1, 2) else {}
    res = [(f, k, "parsed", None) if k in done else (f, k, outcome(k, why[k]), why[k]) if k in why
           else kernel_job(f, k, flags, timeout) for k in ks]
    for r in res:
        if r[3]:
            print(f"  {r[2]}: {r[1]}: {r[3][1]}: {r[3][0]}", file=sys.stderr, flush=True)
    c = collections.Counter(r[2] for r in res)
    print(f"{f}: {len(ks)} kernels, {c['parsed']} parsed, {c['refused']} refused, {c['crashed']} crashed, "
          f"{c['template']} templates", file=sys.stderr, flush=True)
    return f, None, res


def summarize(log, top):
    """Totals and refusal classes of the files a (partial) run's stderr finished."""
    tot, classes, files = collections.Counter(), collections.defaultdict(list), 0
    for line in open(log, errors="replace"):
        m = re.match(r"\s+(refused|crashed|template): (.*?): (\S+?): (.*)$", line)
        if m:
            classes[(m.group(1), m.group(4))].append(f"{m.group(3)} ({m.group(2)})")
        m = re.search(r": (\d+) kernels, (\d+) parsed, (\d+) refused, (\d+) crashed", line)
        if m:
            files += 1
            tot.update(dict(zip(["kernels", "parsed", "refused", "crashed"], map(int, m.groups()))))
    # a log written before templates were counted apart has them as refusals
    for what, msg in [c for c in classes if c[0] == "refused" and NO_INSTANCE.search(c[1])]:
        tot["refused"] -= len(classes[(what, msg)])
        classes[("template", msg)] += classes.pop((what, msg))
    tot["template"] = sum(len(v) for (what, _), v in classes.items() if what == "template")
    print(f"files with kernels finished: {files}")
    print(totals(tot["kernels"], tot))
    print_classes(classes, top)


def totals(n, tot):
    """The totals line: parsed as a share of the kernels that exist (n less the templates)."""
    have = n - tot["template"]
    return (f"kernels: {have}, parsed {tot['parsed']} ({100.0 * tot['parsed'] / max(have, 1):.1f}%), "
            f"refused {tot['refused']}, crashed {tot['crashed']}; "
            f"templates never instantiated: {tot['template']}")


def print_classes(classes, top):
    print("\n| kernels | outcome | first diagnostic (names 'X', numbers N) | example |\n| --- | --- | --- | --- |")
    for (what, msg), ex in sorted(classes.items(), key=lambda kv: -len(kv[1]))[:top]:
        msg = msg.replace("|", "\\|")
        print(f"| {len(ex)} | {what} | {msg} | {ex[0]} |")


def included(top):
    """{realpath of a .cu file: a file that #includes it} under top: such a .cu is a part
    of another translation unit (`#include "kernels.cu"`), not one of its own, so its
    kernels are measured where it is included."""
    out = {}
    for d, _, ns in os.walk(top):
        for n in ns:
            if not n.endswith((".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc")):
                continue
            f = os.path.join(d, n)
            try:
                text = open(f, errors="replace").read()
            except OSError:
                continue
            for m in re.finditer(r'^\s*#\s*include\s*"([^"]+\.cu)"', text, re.M):
                t = os.path.realpath(os.path.join(d, m.group(1)))
                if t != os.path.realpath(f) and os.path.exists(t):
                    out.setdefault(t, f)
    return out


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "--summarize":
        return summarize(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 25)
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--top", type=int, default=25, help="refusal classes shown")
    ap.add_argument("--every", type=int, default=1,
                    help="a fixed sample: the 1st, (N+1)th, ... file in sorted order")
    ap.add_argument("--resume", metavar="LOG",
                    help="leave out the files a partial run's stderr LOG finished (summarize both logs)")
    ap.add_argument("--build-flags", action="store_true",
                    help="add the -D/-U/-I/-std= flags of each file's own Makefile (make -n -B)")
    ap.add_argument("flags", nargs="*", help="after --: extra cuda2hlo flags")
    a = ap.parse_args()
    files = sorted(os.path.join(d, n) for d, _, ns in os.walk(a.dir) for n in ns if n.endswith(".cu"))[::a.every]
    if a.resume:
        done = set(re.findall(r"^(.*): \d+ kernels, \d+ parsed", open(a.resume, errors="replace").read(), re.M))
        files = [f for f in files if f not in done]
    inc = included(a.dir)
    skipped = [(f, inc[os.path.realpath(f)]) for f in files if os.path.realpath(f) in inc]
    files = [f for f in files if os.path.realpath(f) not in inc]
    pool = concurrent.futures.ThreadPoolExecutor(a.j)
    res, nokernel, unlisted = [], [], []
    for f, bad, rs in pool.map(lambda f: file_job(f, a.flags, a.timeout, a.build_flags), files):
        if bad:
            unlisted.append((f, bad[0], bad[1]))
        elif not rs:
            nokernel.append(f)
        res += rs
    report(a, files, res, nokernel, unlisted)
    for f, by in skipped:
        print(f"included: {os.path.relpath(f, a.dir)} (by {os.path.relpath(by, a.dir)}; its kernels count there)")


def report(a, files, res, nokernel, unlisted):
    per = collections.OrderedDict((f, collections.Counter()) for f in files)
    classes = collections.defaultdict(list)
    for f, k, what, why in res:
        per[f][what] += 1
        if why:
            classes[(what, why[0])].append(f"{why[1]} ({k})")
    print("| file | kernels | parsed | refused | crashed | templates |\n| --- | --- | --- | --- | --- | --- |")
    for f, c in per.items():
        if sum(c.values()):
            print(f"| {os.path.relpath(f, a.dir)} | {sum(c.values()) - c['template']} | {c['parsed']} | {c['refused']} "
                  f"| {c['crashed']} | {c['template']} |")
    tot = collections.Counter()
    for c in per.values():
        tot.update(c)
    n = sum(tot.values())
    print(f"\nfiles: {len(files)} .cu, {len(nokernel)} with no kernel, {len(unlisted)} whose kernels could not be listed")
    print(totals(n, tot))
    print_classes(classes, a.top)
    for f, rc, (msg, where) in unlisted:
        print(f"unlisted: {f}: exit {rc}: {where}: {msg}")
    for f in nokernel:
        print(f"no kernel: {os.path.relpath(f, a.dir)}")


if __name__ == "__main__":
    main()
