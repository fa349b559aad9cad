"""conformance_test.py CUDA2HLO_RUN SUITE_DIR: the StableHLO interpreter conformance suite
(openxla/stablehlo tests/interpret) through `cuda2hlo-run --check`, one file at a time.

Passes when at least 90% of the cases that run pass, and every case in the file of an op
that cuda2hlo emits passes (cases of element types cuda2hlo never emits, the f4/f6/f8
formats, are reported but not held against that rule). Skipped cases (collectives,
quantized, probes: interpreter.probe/print/run_parallel, infeed/outfeed) are counted by
cuda2hlo-run, which also honours the RUN line's --args and `| FileCheck %s` CHECK lines.
Exits 77 (ctest: skipped) when the suite is absent. Closing line: N passed, N failed,
N skipped."""
import os
import re
import subprocess
import sys

RUN, SUITE = sys.argv[1], sys.argv[2]
EMITTED = """add subtract multiply divide remainder maximum minimum power negate abs sign and or
xor not shift_left shift_right_arithmetic shift_right_logical compare select clamp convert
bitcast_convert slice pad concatenate broadcast_in_dim reshape transpose dynamic_update_slice
dynamic_slice iota reduce dot_general gather scatter while if constant sqrt rsqrt exponential
log floor ceil round_nearest_even is_finite popcnt count_leading_zeros""".split()
UNEMITTED_TYPE = re.compile(r"element type 'f[468]")


def main():
    if not os.path.isdir(SUITE):
        print("conformance suite not found at %s: skipped" % SUITE)
        print("0 passed, 0 failed, 0 skipped")
        sys.exit(77)
    files = sorted(f for f in os.listdir(SUITE) if f.endswith(".mlir"))
    total = [0, 0, 0]
    bad_emitted = []
    for name in files:
        path = os.path.join(SUITE, name)
        p = subprocess.run([RUN, "--check", path], capture_output=True, text=True, timeout=300)
        lines = p.stdout.strip().splitlines()
        m = re.match(r"(\d+) passed, (\d+) failed, (\d+) skipped", lines[-1] if lines else "")
        if not m:
            print("%s: cuda2hlo-run gave no totals (rc %d): %s" % (name, p.returncode, p.stderr.strip()[-300:]))
            total[1] += 1
            bad_emitted.append(name)
            continue
        for i in range(3):
            total[i] += int(m.group(i + 1))
        for line in lines[:-1]:
            print(line)
            if name[:-5] in EMITTED and not UNEMITTED_TYPE.search(line):
                bad_emitted.append(line)
    run = total[0] + total[1]
    rate = 100.0 * total[0] / run if run else 0.0
    print("conformance: %d of %d cases that ran pass (%.1f%%), %d skipped; %d failures in ops cuda2hlo emits"
          % (total[0], run, rate, total[2], len(bad_emitted)))
    print("%d passed, %d failed, %d skipped" % tuple(total))
    sys.exit(0 if rate >= 90.0 and not bad_emitted else 1)


main()
