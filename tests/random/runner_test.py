"""runner_test.py: tests/random/run.py's classes, and gen.py's determinism.

Against the exec fakes (tests/exec/fake: a cuda2hlo that converts saxpy.cu right,
or wrong with FAKE_BUG=1, and refuses racy.cu and everything else), a converter
that dies of a signal, and a kernel the oracle cannot compile: the runner must say
pass, wrong, refused (grouped by the message), crash and badgen, and exit 1 exactly
for wrong, crash and badgen. The same seed gives the same file. Prints
`N passed, N failed`; exits 1 on any failure.
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FAKE = os.path.join(ROOT, "tests", "exec", "fake")
SAXPY, RACY = os.path.join(FAKE, "saxpy.cu"), os.path.join(FAKE, "racy.cu")
sys.path.insert(0, HERE)
import gen  # noqa: E402

BAD_KERNEL = """/* cuda2hlo-test
launch: k<<<1, 32>>>(x)
buffer: x f32 32 zeros
check: x
*/
__global__ void k(float *x) { x[threadIdx.x] = undeclared_name; }
"""


def cases(tmp):
    crash = os.path.join(tmp, "crashbin")
    os.makedirs(crash)
    with open(os.path.join(crash, "cuda2hlo"), "w") as f:
        f.write("#!/bin/sh\nkill -SEGV $$\n")
    os.chmod(os.path.join(crash, "cuda2hlo"), 0o755)
    bad = os.path.join(tmp, "badgen.cu")
    with open(bad, "w") as f:
        f.write(BAD_KERNEL)
    return [  # (what, args, FAKE_BUG, want rc, wanted substrings of the output)
        ("pass", [SAXPY], "0", 0, ["1 kernels in", "1 pass (100.0%)"]),
        ("wrong", [SAXPY], "1", 1, ["WRONG saxpy.cu: interp: y: 1000 of 1000 differ", "1 wrong"]),
        ("refused, grouped", [RACY, "--seed", "1"], "0", 0,
         ["2 refused (100.0%)", "refused 1 (50.0%): error: data race on '_'"]),
        ("generated seeds refused by the fake", ["-n", "2", "--start", "7"], "0", 0,
         ["2 kernels in", "2 refused (100.0%)", "the fake is not built yet for rkN.cu"]),
        ("crash", ["--bin", crash, SAXPY], "0", 1, ["CRASH saxpy.cu: cuda2hlo exited -11"]),
        ("badgen", [bad], "0", 1, ["BADGEN badgen.cu: oracle: ", "1 badgen"]),
    ]


def run_case(args, bug):
    env = dict(os.environ, FAKE_BUG=bug,
               PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    if "--bin" not in args:
        args = ["--bin", FAKE] + args
    return subprocess.run([sys.executable, os.path.join(HERE, "run.py"), "-j", "1",
                           "--backend", "interp", "--backend", "xla"] + args,
                          capture_output=True, text=True, env=env, timeout=600)


def main():
    npass = nfail = 0
    with tempfile.TemporaryDirectory(prefix="random-runner-") as tmp:
        for what, args, bug, rc, want in cases(tmp):
            r = run_case(args, bug)
            out = r.stdout + r.stderr
            missing = [w for w in want if w not in out]
            if r.returncode != rc or missing:
                nfail += 1
                print(f"FAIL {what}: exit {r.returncode} (want {rc}), missing {missing}\n{out}")
            else:
                npass += 1
                print(f"PASS {what}")
    same = gen.generate(5) == gen.generate(5) and gen.generate(5) != gen.generate(6)
    print(("PASS" if same else "FAIL") + " the same seed gives the same file")
    npass, nfail = npass + same, nfail + (not same)
    print(f"{npass} passed, {nfail} failed")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
