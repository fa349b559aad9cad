"""batch_report.py: which large SIMT launches run in batches of blocks, and why the others
run whole (src/raise/simt_batch.c, race_blocks.c), and which loops run on one lane
(simt_uniform.c), and which loops --oob-check proves in bounds on every iteration
(race_later.c scaled()), as `--report` says it.

  batch_report.py --bin BINDIR

Each corpus kernel below is converted with the flags tests/exec/run.py gives it and
--report; the report must hold the line given (a regular expression). Their values
are checked against the oracle by run.py; this checks the decision, which values alone
cannot show (batches and the whole launch agree wherever the oracle does).
Prints `ok|FAIL NAME` per kernel; exits 1 on a failure.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import corpus  # noqa: E402

WANT = {
    "batch_own_phases": r"^  batches 2 of 550 blocks .*\n",
    "batch_own_weights": r"^  batches: 'w' would keep the launch whole .* but no block "
                         r"accesses an element another block writes\n  batches 2 of 300 blocks",
    "batch_other_block": r"^  batches: none, the launch runs whole: .*\('x'\); a block may "
                         r"access an element another block writes\n",
    "batch_invariant": r"^  batches 2 of 515 blocks .*\n(.*\n)*  loop at 23:3: the same on every "
                       r"running lane, run on one lane\n  loop at 26:3: the same",
    "ctrl_uniform_loops": r"^  loop at 31:5: [^\n]*one lane\n  loop at 35:3: [^\n]*one lane\n"
                          r"  loop at 61:5: [^\n]*one lane\n(?!  loop at)",
}

# With --oob-check (as libcuda2hlo_cudart converts): the run-time check of table's
# data-dependent index (frontend oobguard.c) adds a record that only atomics update,
# which keeps no launch whole (simt_batch.c whole_launch).
CHECKED = {
    "batch_own_phases": r"^  batches 2 of 550 blocks(.*\n)*  bounds: 1 access not proven in "
                        r"bounds checked at run time",
}

# With --oob-check, loops that halve or double their variable, or whose test is affine in
# part only (race_later.c scaled(), test_set()):
# every access in them proven in bounds, so the kernel carries no check.
PROVEN = {
    "bounds_scaled_loops": r"^  strategy affine\n(?![\s\S]*checked at run time)",
    "bounds_loop_conjunct": r"^  strategy simt\n(?![\s\S]*checked at run time)",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    a = ap.parse_args()
    failed = 0
    cases = [(n, w, []) for n, w in WANT.items()]
    cases += [(n, w, ["--oob-check"]) for n, w in CHECKED.items()]
    cases += [(n, w, ["--oob-check"]) for n, w in PROVEN.items()]
    for name, want, flags in cases:
        path = os.path.join(ROOT, "tests", "kernels", name + ".cu")
        test = corpus.parse(path)
        r = subprocess.run([os.path.join(a.bin, "cuda2hlo"), path, "--report", "-o", os.devnull]
                           + flags + corpus.converter_args(test, test.launches[0]),
                           capture_output=True, text=True, timeout=300)
        ok = r.returncode == 0 and re.search(want, r.stderr, re.M)
        failed += not ok
        print(f"{'ok' if ok else 'FAIL'} {name} {' '.join(flags)}".rstrip())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
