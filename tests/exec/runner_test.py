"""runner_test.py: tests/exec/run.py against a fake converter (tests/exec/fake/).

The fake converts saxpy correctly, or wrongly with FAKE_BUG=1; the runner must
say PASS in every mode for the first, FAIL (and exit 1) for the second, SKIP by
name for a kernel whose stage is "not built yet" and when the binaries are
missing, and PASS/FAIL for a racy kernel refused/accepted; an entry test (host
function) passes or fails as a whole module, and is a SKIP while --entry is
"not supported" but a FAIL on any other error. Prints
`N passed, N failed`; exits 1 on any failure.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FAKE = os.path.join(HERE, "fake")
SAXPY, RACY = os.path.join(FAKE, "saxpy.cu"), os.path.join(FAKE, "racy.cu")
PINGPONG = os.path.join(FAKE, "pingpong.cu")
HOST, HOSTMISSING = os.path.join(FAKE, "hostswap.cu"), os.path.join(FAKE, "hostmissing.cu")
OTHER = os.path.join(ROOT, "tests", "oracle", "kernels", "reduce_shared.cu")

CASES = [  # (what, files, bin, bug, want rc, want line prefixes)
    ("correct conversion", [SAXPY], FAKE, False, 0,
     ["PASS saxpy oracle", "PASS saxpy c", "PASS saxpy run", "PASS saxpy xla"]),
    ("wrong conversion", [SAXPY], FAKE, True, 1,
     ["PASS saxpy oracle", "FAIL saxpy c: y: 1000 of 1000 differ", "FAIL saxpy run: y:",
      "FAIL saxpy xla: y:"]),
    ("parameters bound by position", [PINGPONG], FAKE, False, 0,
     ["PASS pingpong c", "PASS pingpong run", "PASS pingpong xla"]),
    ("wrong multi-launch", [PINGPONG], FAKE, True, 1,
     ["FAIL pingpong c: a:", "FAIL pingpong run: a:", "FAIL pingpong xla: a:"]),
    ("stage not built", [OTHER], FAKE, False, 0,
     ["SKIP reduce_shared c: cuda2hlo: the fake is not built yet", "SKIP reduce_shared xla:"]),
    ("binaries missing", [SAXPY], os.path.join(FAKE, "nowhere"), False, 0,
     ["SKIP saxpy c: ", "SKIP saxpy run: ", "SKIP saxpy xla: "]),
    ("race refused", [RACY], FAKE, False, 0,
     ["PASS racy run: racy kernel refused", "PASS racy xla: racy kernel refused",
      "SKIP racy c: racy kernel"]),
    ("race accepted", [RACY], FAKE, True, 1, ["FAIL racy xla: racy kernel not refused"]),
    ("entry test", [HOST], FAKE, False, 0,
     ["PASS hostswap oracle", "SKIP hostswap c: entry test", "PASS hostswap run",
      "PASS hostswap xla"]),
    ("wrong entry module", [HOST], FAKE, True, 1,
     ["FAIL hostswap run: x: 100 of 100 differ", "FAIL hostswap xla: x:"]),
    ("--entry not supported", [HOSTMISSING], FAKE, False, 0,
     ["PASS hostmissing oracle", "SKIP hostmissing run: cuda2hlo does not support --entry",
      "SKIP hostmissing xla: cuda2hlo does not support --entry"]),
    ("--entry other error", [HOSTMISSING], FAKE, True, 1,
     ["FAIL hostmissing run: cuda2hlo exited 1 on the entry", "FAIL hostmissing xla:"]),
]


def main():
    npass = nfail = 0
    for what, files, bindir, bug, rc, want in CASES:
        env = dict(os.environ, FAKE_BUG="1" if bug else "0",   # the fakes run on this python
                   PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
        env.pop("CUDA2HLO_CONV_CACHE", None)    # the fake's output depends on FAKE_BUG
        r = subprocess.run([sys.executable, os.path.join(HERE, "run.py"), "--mode", "all",
                            "--bin", bindir, "-j", "1"] + files,
                           capture_output=True, text=True, env=env, timeout=600)
        lines = r.stdout.splitlines()
        missing = [w for w in want if not any(ln.startswith(w) for ln in lines)]
        if r.returncode == rc and not missing:
            npass += 1
            print(f"PASS {what}")
        else:
            nfail += 1
            print(f"FAIL {what}: rc {r.returncode} (want {rc}), missing {missing}\n{r.stdout}{r.stderr}")
    print(f"{npass} passed, {nfail} failed")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
