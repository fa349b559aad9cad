#!/usr/bin/env python3
"""run_cli_test.py: exit status and messages of `cuda2hlo-run` (DESIGN.md, "Command line").

Usage: run_cli_test.py PATH/TO/cuda2hlo-run

Each row runs the tool with some arguments in a fresh temporary folder and checks the
exit status the contract gives (0 success, 1 a diagnosed input problem, 2 bad usage),
fragments of stdout/stderr, and the files left in the output folder. Inputs are .npy
files written by numpy; expected results are computed by numpy. Closing line:
`N passed, N failed`; exit status 1 when anything failed.
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import numpy as np

ADD = """func.func @main(%x: tensor<2x3xf32> {cuda2hlo.param = "x"}, %y: tensor<2x3xf32> {cuda2hlo.param = "y"})
    -> (tensor<2x3xf32> {cuda2hlo.param = "sum"}, tensor<2x3xf32> {cuda2hlo.param = "prod"}) {
  %0 = stablehlo.add %x, %y : tensor<2x3xf32>
  %1 = stablehlo.multiply %x, %y : tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}
"""

# No names: parameters arg0/arg1, results result0.
ANON = """func.func @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.subtract %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}
"""

BAD = """func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %b : tensor<2xf32>
  return %0 : tensor<2xf32>
}
"""

# --check files: check ops, a token, the RUN line's --args with CHECK lines (values by hand).
CHECKS = """// RUN: stablehlo-translate --interpret -split-input-file %s
func.func @ok() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.add %0, %0 : tensor<2xi32>
  check.expect_eq_const %1, dense<[2, 4]> : tensor<2xi32>
  func.return
}
// -----
func.func @wrong() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %0, dense<[1, 3]> : tensor<2xi32>
  func.return
}
// -----
func.func @token() {
  %t = stablehlo.after_all : !stablehlo.token
  %u = stablehlo.after_all %t, %t : !stablehlo.token
  func.return
}
// -----
func.func @probe() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  interpreter.print %0 : tensor<i32>
  func.return
}
"""

ARGS_RUN = """// RUN: stablehlo-translate %s --interpret --args="[dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>, dense<10> : tensor<2x2xi64>]" | FileCheck %s
func.func @main(%a: tensor<2x2xi64>, %b: tensor<2x2xi64>) -> (tensor<2x2xi64>, tensor<f32>) {
  %0 = stablehlo.multiply %a, %b : tensor<2x2xi64>
  %1 = stablehlo.constant dense<-2.5> : tensor<f32>
  return %0, %1 : tensor<2x2xi64>, tensor<f32>
}
// CHECK:      tensor<2x2xi64> {
// CHECK-NEXT:   [
// CHECK-NEXT:     [10, 20],
// CHECK-NEXT:     [%s, 40]
// CHECK-NEXT:   ]
// CHECK-NEXT: }
// CHECK-NEXT: tensor<f32> {-2.500000e+00}
"""

# Fails while running (unbounded recursion), after binding went well.
RECURSE = """func.func private @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = func.call @f(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @main(%x: tensor<2x3xf32> {cuda2hlo.param = "x"}) -> (tensor<2x3xf32> {cuda2hlo.param = "sum"}) {
  %0 = func.call @f(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
"""

# Results whose file names collide: r_2, r, r (the third's r_2 is the first's name).
CLASH = """func.func @main(%a: tensor<6xf32>) -> (tensor<6xf32> {cuda2hlo.param = "r_2"},
    tensor<6xf32> {cuda2hlo.param = "r"}, tensor<6xf32> {cuda2hlo.param = "r"}) {
  return %a, %a, %a : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}
"""

# Never ends (for the interruption test).
ENDLESS = """func.func @main() -> tensor<i32> {
  %0 = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.while(%i = %0) : tensor<i32>
    cond {
      %t = stablehlo.constant dense<true> : tensor<i1>
      stablehlo.return %t : tensor<i1>
    } do {
      stablehlo.return %i : tensor<i32>
    }
  return %1 : tensor<i32>
}
"""

X = np.arange(6, dtype=np.float32).reshape(2, 3) * np.float32(0.25)
Y = np.float32(10) - np.arange(6, dtype=np.float32).reshape(2, 3) ** 2
A = np.array([5, -7, 2**31 - 1, 0], dtype=np.int32)
B = np.array([1, 2, -1, -(2**31)], dtype=np.int32)


def wide_while(n):
    """A while carrying n i32 scalars (more than any fixed table: the verifier had 256), each
    counting to 3: every result is 3 (by hand)."""
    args = ", ".join(f"%a{i} = %c0" for i in range(n))
    types = ", ".join(["tensor<i32>"] * n)
    body = "\n".join(f"      %b{i} = stablehlo.add %a{i}, %one : tensor<i32>" for i in range(n))
    rets = ", ".join(f"%b{i}" for i in range(n))
    return f"""func.func @main() -> (tensor<i32> {{cuda2hlo.param = "first"}}, tensor<i32> {{cuda2hlo.param = "last"}}) {{
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:{n} = stablehlo.while({args}) : {types}
    cond {{
      %lim = stablehlo.constant dense<3> : tensor<i32>
      %p = stablehlo.compare LT, %a0, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }} do {{
      %one = stablehlo.constant dense<1> : tensor<i32>
{body}
      stablehlo.return {rets} : {types}
    }}
  return %r#0, %r#{n - 1} : tensor<i32>, tensor<i32>
}}
"""


def wide_ok(d):
    paths = [os.path.join(d, "out", f + ".npy") for f in ("first", "last")]
    return all(os.path.exists(p) and int(np.load(p)) == 3 for p in paths)


def setup(d):
    """Writes the modules and inputs used by the rows into folder d."""
    for name, text in (("add.mlir", ADD), ("anon.mlir", ANON), ("bad.mlir", BAD), ("recurse.mlir", RECURSE),
                       ("clash.mlir", CLASH), ("endless.mlir", ENDLESS)):
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    with open(os.path.join(d, "wide.mlir"), "w") as f:
        f.write(wide_while(300))
    with open(os.path.join(d, "checks.mlir"), "w") as f:
        f.write(CHECKS)
    with open(os.path.join(d, "args_good.mlir"), "w") as f:
        f.write(ARGS_RUN.replace("%s,", "30,"))
    with open(os.path.join(d, "args_bad.mlir"), "w") as f:
        f.write(ARGS_RUN.replace("%s,", "31,"))
    np.save(os.path.join(d, "x.npy"), X)
    np.save(os.path.join(d, "y.npy"), Y)
    np.save(os.path.join(d, "a.npy"), A)
    np.save(os.path.join(d, "b.npy"), B)
    np.save(os.path.join(d, "x_f64.npy"), X.astype(np.float64))
    np.save(os.path.join(d, "x_3x2.npy"), X.reshape(3, 2))
    np.save(os.path.join(d, "x_flat.npy"), X.reshape(6))
    with open(os.path.join(d, "junk.npy"), "wb") as f:
        f.write(b"\x93NUMPY\x01\x00garbage")
    os.mkdir(os.path.join(d, "old"))
    np.save(os.path.join(d, "old", "sum.npy"), np.full((2, 3), -1, np.float32))
    # sym/sum.npy is a symlink to victim.npy: the result replaces the link, not the victim
    np.save(os.path.join(d, "victim.npy"), np.full((2, 3), -1, np.float32))
    os.mkdir(os.path.join(d, "sym"))
    os.symlink("../victim.npy", os.path.join(d, "sym", "sum.npy"))
    # dirres/sum.npy is a directory: refused before prod.npy is written
    os.makedirs(os.path.join(d, "dirres", "sum.npy"))


def files_in(d, sub):
    p = os.path.join(d, sub)
    return sorted(os.listdir(p)) if os.path.isdir(p) else None


def old_untouched(d):
    got = np.load(os.path.join(d, "old", "sum.npy"))
    return files_in(d, "old") == ["sum.npy"] and (got == -1).all()


def results_ok(d, sub="out"):
    s = np.load(os.path.join(d, sub, "sum.npy"))
    p = np.load(os.path.join(d, sub, "prod.npy"))
    return (s.dtype == np.float32 and s.shape == (2, 3) and (s == X + Y).all() and (p == X * Y).all()
            and files_in(d, sub) == ["prod.npy", "sum.npy"])


def symlink_replaced(d):
    victim = np.load(os.path.join(d, "victim.npy"))
    link = os.path.join(d, "sym", "sum.npy")
    return (victim == -1).all() and not os.path.islink(link) and results_ok(d, "sym")


def anon_ok(d):
    r = np.load(os.path.join(d, "out", "result0.npy"))
    want = (A.astype(np.int64) - B.astype(np.int64)).astype(np.int32)   # wraps like StableHLO
    return r.dtype == np.int32 and (r == want).all()


XY = ["--in", "x=x.npy", "--in", "y=y.npy"]

# (name, args, exit status, regexes stderr must match, regexes stdout must match, check(d) or None)
ROWS = [
    ("help", ["--help"], 0, [], [r"--in NAME=FILE\.npy", r"--out DIR", r"--backend", r"--bench N", r"--check",
                                 r"Exit status"], None),
    ("-h", ["-h"], 0, [], [r"usage: cuda2hlo-run"], None),
    ("bad flag", ["add.mlir", "--frobnicate"], 2, [r"^cuda2hlo-run: error: unknown option '--frobnicate'[^\n]*\n$"],
     [], None),
    ("no module", [], 2, [r"no module given"], [], None),
    ("two modules", ["add.mlir", "anon.mlir"], 2, [r"more than one module"], [], None),
    ("--in without =", ["add.mlir", "--in", "x.npy"], 2, [r"--in takes NAME=FILE\.npy"], [], None),
    ("--in missing value", ["add.mlir", "--in"], 2, [r"--in needs a value"], [], None),
    ("--bench 0", ["add.mlir"] + XY + ["--bench", "0"], 2, [r"--bench takes a positive count"], [], None),
    ("--bench x", ["add.mlir"] + XY + ["--bench", "x"], 2, [r"--bench takes a positive count"], [], None),
    ("unknown backend", ["add.mlir"] + XY + ["--backend", "tpu9"], 2, [r"unknown backend 'tpu9'"], [], None),
    ("--check without files", ["--check"], 2, [r"--check needs"], [], None),
    ("--check with --in", ["--check", "add.mlir", "--in", "x=x.npy"], 2, [r"--check takes only"], [], None),
    ("missing module", ["nonexistent.mlir"] + XY, 1, [r"nonexistent\.mlir: cannot read"], [], None),
    ("bad module text", ["bad.mlir", "--in", "a=x.npy"], 1, [r"^bad\.mlir:2:26: error: use of undefined value '%b'"],
     [], None),
    ("missing input", ["add.mlir", "--in", "x=x.npy", "--out", "out"], 1, [r"no input for parameter 'y'"], [],
     lambda d: files_in(d, "out") is None),
    ("unknown parameter", ["add.mlir"] + XY + ["--in", "z=x.npy"], 1, [r"no parameter 'z'"], [], None),
    ("missing .npy", ["add.mlir", "--in", "x=nope.npy", "--in", "y=y.npy"], 1, [r"nope\.npy"], [], None),
    ("malformed .npy", ["add.mlir", "--in", "x=junk.npy", "--in", "y=y.npy"], 1, [r"junk\.npy"], [], None),
    ("wrong dtype", ["add.mlir", "--in", "x=x_f64.npy", "--in", "y=y.npy", "--out", "old"], 1,
     [r"x_f64\.npy holds float64, parameter 'x' is f32"], [], old_untouched),
    ("wrong shape", ["add.mlir", "--in", "x=y.npy", "--in", "y=x_3x2.npy", "--out", "old"], 1,
     [r"'y' is tensor<3x2xf32>, the parameter is tensor<2x3xf32>"], [], old_untouched),
    ("wrong rank", ["add.mlir", "--in", "x=x_flat.npy", "--in", "y=y.npy"], 1, [r"'x' is tensor<6xf32>"], [], None),
    ("pjrt plugin missing", ["add.mlir"] + XY + ["--backend", "pjrt:/nonexistent/plugin.so"], 1,
     [r"pjrt"], [], None),
    ("run to --out", ["add.mlir"] + XY + ["--out", "out"], 0, [r"^$"], [r"^$"], results_ok),
    ("--out replaces old files", ["add.mlir"] + XY + ["--out", "old"], 0, [], [],
     lambda d: results_ok(d, "old")),
    ("run fails: old output kept", ["recurse.mlir", "--in", "x=x.npy", "--out", "old"], 1,
     [r"^recurse\.mlir: error: call depth"], [], old_untouched),
    ("run fails: no output folder", ["recurse.mlir", "--in", "x=x.npy", "--out", "out"], 1, [r"recursion"], [],
     lambda d: files_in(d, "out") is None),
    ("--out is a file", ["add.mlir"] + XY + ["--out", "x.npy"], 1, [r"x\.npy"], [],
     lambda d: np.load(os.path.join(d, "x.npy")).shape == (2, 3)),
    ("positional binding", ["anon.mlir", "--in", "0=a.npy", "--in", "1=b.npy", "--out", "out"], 0, [], [], anon_ok),
    ("default names", ["anon.mlir", "--in", "arg0=a.npy", "--in", "arg1=b.npy", "--out", "out"], 0, [], [], anon_ok),
    ("print without --out", ["anon.mlir", "--in", "arg0=a.npy", "--in", "arg1=b.npy"], 0, [],
     [r"^result0: tensor<4xi32> \[4, -9, -2147483648, -2147483648\]\n$"], None),
    ("--bench 3", ["add.mlir"] + XY + ["--bench", "3"], 0, [],
     [r"bench: 3 runs on (interp|cpu), mean [0-9.]+ ms, best [0-9.]+ ms, [0-9.]+ GB/s"], None),
    ("--check verdicts", ["--check", "checks.mlir", "-v"], 1, [],
     [r"checks\.mlir:11: ", r"checks\.mlir:21: skipped \(probe", r"(?m)^2 passed, 1 failed, 1 skipped$"], None),
    ("--check RUN --args and CHECK lines", ["--check", "args_good.mlir"], 0, [], [r"^1 passed, 0 failed, 0 skipped\n$"],
     None),
    ("--check CHECK line mismatch", ["--check", "args_bad.mlir"], 1, [],
     [r"args_bad\.mlir:10: CHECK-NEXT: '\[31, 40\]' not found", r"0 passed, 1 failed, 0 skipped"], None),
    ("while carrying 300 values (interp)", ["wide.mlir", "--out", "out"], 0, [], [], wide_ok),
    ("while carrying 300 values (cpu)", ["wide.mlir", "--out", "out", "--backend", "cpu"], 0, [], [], wide_ok),
    ("--bench with --out", ["add.mlir"] + XY + ["--bench", "2", "--out", "out"], 0, [], [r"bench: 2 runs"], results_ok),
    ("--out: a symlink is replaced, not followed", ["add.mlir"] + XY + ["--out", "sym"], 0, [], [], symlink_replaced),
    ("--out: a result's file is a directory", ["add.mlir"] + XY + ["--out", "dirres"], 1,
     [r"dirres/sum\.npy is a directory"], [], lambda d: files_in(d, "dirres") == ["sum.npy"]),
    ("result names collide", ["clash.mlir", "--in", "0=x_flat.npy", "--out", "out"], 1,
     [r"results 0 and 2 would both be written to r_2\.npy"], [], lambda d: files_in(d, "out") is None),
]


def no_temporaries(d):
    """No file of a temporary name is left anywhere in d."""
    for root, _, names in os.walk(d):
        for n in names:
            if ".tmp" in n or ".part" in n or n.startswith("."):
                return os.path.join(root, n)
    return None


def run_row(tool, row):
    name, args, want_rc, err_res, out_res, check = row
    with tempfile.TemporaryDirectory() as d:
        setup(d)
        p = subprocess.run([tool] + args, cwd=d, capture_output=True, text=True, timeout=120)
        problems = []
        if p.returncode != want_rc:
            problems.append("exit status %d, want %d" % (p.returncode, want_rc))
        for rx in err_res:
            if not re.search(rx, p.stderr):
                problems.append("stderr does not match /%s/" % rx)
        for rx in out_res:
            if not re.search(rx, p.stdout):
                problems.append("stdout does not match /%s/" % rx)
        if want_rc != 0 and "--check" not in args and p.stderr.count("\n") != 1:
            problems.append("stderr is not one line")
        if check is not None and not check(d):
            problems.append("files check failed")
        left = no_temporaries(d)
        if left:
            problems.append("temporary left: " + left)
        if problems:
            print("FAIL %s: %s\n  stdout: %r\n  stderr: %r" % (name, "; ".join(problems), p.stdout[-400:],
                                                              p.stderr[-400:]))
            return False
        return True


def interrupted(tool, sig):
    """SIGINT/SIGTERM during a run: exit 128+sig, one line said, no output folder."""
    with tempfile.TemporaryDirectory() as d:
        setup(d)
        p = subprocess.Popen([tool, "endless.mlir", "--backend", "interp", "--out", "out"], cwd=d,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(0.5)
        p.send_signal(sig)
        out, err = p.communicate(timeout=30)
        ok = p.returncode == 128 + sig and "interrupted" in err and files_in(d, "out") is None
        if not ok:
            print("FAIL interrupted by signal %d: exit %d, stderr %r" % (sig, p.returncode, err[-300:]))
        return ok


def main():
    tool = os.path.abspath(sys.argv[1])
    passed = failed = 0
    for sig in (signal.SIGINT, signal.SIGTERM):
        if interrupted(tool, sig):
            passed += 1
        else:
            failed += 1
    for row in ROWS:
        if run_row(tool, row):
            passed += 1
        else:
            failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
