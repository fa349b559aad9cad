"""ocean_xla.py MODULE INIT_DIR STEPS: the ocean module on XLA CPU (jaxlib) for the
benchmark (ocean_bench.py), timing XLA's compile and its execution apart in-process.

Prints one line: `xla: compile C s CPU W s wall; execute C s CPU W s wall` (CPU time of
this process, all threads, from getrusage), after one execute of STEPS steps from the
state in INIT_DIR (first = 1, as ocean_check.py xla)."""
import os
import resource
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, os.path.join(ROOT, "examples", "oceananigans"))


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime, time.monotonic()


def main(argv):
    import jax
    import xla
    from ocean_check import param_names
    module, init, steps = argv[1], argv[2], int(argv[3])
    text = open(module).read()
    sig = next(line for line in text.splitlines() if "func.func public @main" in line)
    inputs = []
    for _, name in param_names(text, sig):
        if name == "nsteps":
            inputs.append(np.array(steps, np.int32))
        elif name == "first":
            inputs.append(np.array(1, np.int32))
        else:
            inputs.append(np.load(os.path.join(init, name + ".npy")))
    c0, w0 = cpu()
    exe, dev = xla._compile(text)
    c1, w1 = cpu()
    args = [jax.device_put(np.asarray(x), dev) for x in inputs]
    res = [np.asarray(o) for o in exe.execute(args)]
    c2, w2 = cpu()
    assert all(np.all(np.isfinite(r)) for r in res if r.dtype.kind == "f")
    print("xla: compile %.3f s CPU %.3f s wall; execute %.3f s CPU %.3f s wall" % (c1 - c0, w1 - w0, c2 - c1, w2 - w1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
