"""ocean_check.py: the comparisons of the ocean example (run by check.sh and run_demo.sh).

    ocean_check.py compare REF_DIR OUT_DIR [--tol 1e-9] [--label L]
        relative L2 difference ||out - ref|| / ||ref|| of every field saved in both folders
        of .npy but the tendencies G* (whole arrays, halos included; T, S, u, v, eta must be
        among them); exit 1 when one exceeds tol or is not finite. The tendencies are left
        out: one of a uniform field (S) is rounding noise, whose relative difference means
        nothing; the next step's state depends on them, so they are checked through it.
    ocean_check.py xla MODULE INIT_DIR STEPS OUT_DIR [--first 1] [--arith ieee|fast]
        runs the converted module (cuda2hlo --entry simulate) on XLA CPU through jaxlib
        from the state in INIT_DIR for STEPS steps and writes every result as OUT_DIR/NAME.npy.
        --arith ieee (the default): XLA CPU rounds every operation as IEEE 754 (no fused
        multiply-add contraction, no division by a constant turned into a multiplication:
        tests/lib/xla.py use_ieee_arithmetic); fast: XLA CPU's own defaults.
        Every parameter of the module's @main is bound by its cuda2hlo.param name:
        nsteps and first from the arguments, any other from INIT_DIR/NAME.npy (the
        configuration decides which fields there are).
"""
import os
import re
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "tests", "lib"))

REQUIRED = ["T", "S", "u", "v", "eta"]


def saved_names(folder):
    return sorted(f[:-4] for f in os.listdir(folder) if f.endswith(".npy"))


def compare(ref, out, tol, label):
    worst, bad = 0.0, []
    parts = []
    try:
        common = set(saved_names(ref)) & set(saved_names(out))
    except OSError as e:
        print("%s: FAIL: %s" % (label, e))
        return 1
    fields = REQUIRED + sorted(f for f in common - set(REQUIRED) if not f.startswith("G"))
    for f in fields:
        try:
            a = np.load(os.path.join(out, f + ".npy"))
            b = np.load(os.path.join(ref, f + ".npy"))
        except OSError as e:
            print("%s: FAIL: %s" % (label, e))
            return 1
        if a.shape != b.shape:
            bad.append(f)
            parts.append("%s shape %s vs %s" % (f, a.shape, b.shape))
            continue
        nb = np.linalg.norm(b)
        d = np.linalg.norm(a - b) / (nb if nb > 0 else 1.0)
        if not np.isfinite(d) or d > tol:
            bad.append(f)
        worst = max(worst, d) if np.isfinite(d) else float("inf")
        parts.append("%s %.3e" % (f, d))
    print("%s: relative L2 vs the emulated original: %s (bound %.0e)" % (label, ", ".join(parts), tol))
    if bad:
        print("%s: FAIL: %s above the bound" % (label, " ".join(bad)))
        return 1
    print("%s: OK (worst %.3e)" % (label, worst))
    return 0


def param_names(text, sig):
    """cuda2hlo.param names of @main's arguments (sig = its signature line)."""
    args = sig.split(") -> ")[0]
    return re.findall(r'%arg\d+: (tensor<[^>]*>) \{cuda2hlo\.param = "([A-Za-z_0-9]+)"', args)


def result_names(sig):
    res = sig.split(") -> ", 1)[1]
    return re.findall(r'cuda2hlo\.param = "([A-Za-z_0-9]+)"', res)


def xla(module, init, steps, out, first, arith):
    import xla as xla_lib
    if arith == "ieee":
        xla_lib.use_ieee_arithmetic()
    elif arith != "fast":
        print("ocean_check.py: --arith is ieee or fast, not %s" % arith, file=sys.stderr)
        return 2
    run_xla = xla_lib.run_xla
    text = open(module).read()
    sig = next(line for line in text.splitlines() if "func.func public @main" in line)
    inputs = []
    for ty, name in param_names(text, sig):
        if name == "nsteps":
            inputs.append(np.array(steps, np.int32))
        elif name == "first":
            inputs.append(np.array(first, np.int32))
        else:
            inputs.append(np.load(os.path.join(init, name + ".npy")))
    t0 = time.time()
    res = run_xla(text, inputs)
    dt = time.time() - t0
    os.makedirs(out, exist_ok=True)
    for name, r in zip(result_names(sig), res):
        np.save(os.path.join(out, name + ".npy"), r)
    print("xla: %d steps on XLA CPU (jaxlib, %s arithmetic) in %.2f s including compilation"
          " (%.1f ms/step)" % (steps, arith, dt, 1e3 * dt / max(steps, 1)))
    return 0


def main(argv):
    opts = {"--tol": "1e-9", "--label": "check", "--first": "1", "--arith": "ieee"}
    pos = []
    i = 1
    while i < len(argv):
        if argv[i] in opts and i + 1 < len(argv):
            opts[argv[i]] = argv[i + 1]
            i += 2
        else:
            pos.append(argv[i])
            i += 1
    if len(pos) == 3 and pos[0] == "compare":
        return compare(pos[1], pos[2], float(opts["--tol"]), opts["--label"])
    if len(pos) == 5 and pos[0] == "xla":
        return xla(pos[1], pos[2], int(pos[3]), pos[4], int(opts["--first"]), opts["--arith"])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
