"""measure.py: the frontend's acceptance figures over the tracked corpus (not a test).

  measure.py CUDA2HLO

Every tests/kernels file (flags as the golden runner gives them) through --emit kir:
parses or not, byte-identical on a second run, the same IR with --cuda-path
/usr/local/cuda for files that include <cuda_runtime.h>, and the CPU time (user+sys)
and wall time of each process; medians printed. Wall time depends on the machine's load.
"""
import os, subprocess, sys, time, statistics, resource
cpu = []
def ru():
    r = resource.getrusage(resource.RUSAGE_CHILDREN); return r.ru_utime + r.ru_stime
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL_ARG = sys.argv[1:]
sys.path.insert(0, ROOT + "/tests/golden"); sys.argv = ["x"] + TOOL_ARG
import run
tool = os.path.abspath(TOOL_ARG[0]) if TOOL_ARG else ROOT + "/build/frontend/bin/cuda2hlo"
tracked = set(subprocess.run(["git", "ls-files", "tests/kernels"], capture_output=True, text=True, cwd=ROOT).stdout.split())
files = [f for f in run.corpus.corpus_files(ROOT + "/tests/kernels") if os.path.relpath(f, ROOT) in tracked]
ok = fail = same = diff = 0; times = []; cr_same = cr_diff = 0
for cu in files:
    rel = os.path.relpath(cu, ROOT)
    fl = run.flags_of(cu)
    t0 = time.perf_counter(); c0 = ru()
    r1 = subprocess.run([tool, "--emit", "kir"] + fl + [rel], capture_output=True, text=True, cwd=ROOT)
    times.append(time.perf_counter() - t0); cpu.append(ru() - c0)
    if r1.returncode: fail += 1; print("FAIL", rel, r1.stderr.splitlines()[:1]); continue
    ok += 1
    r2 = subprocess.run([tool, "--emit", "kir"] + fl + [rel], capture_output=True, text=True, cwd=ROOT)
    if r2.stdout == r1.stdout: same += 1
    else: diff += 1; print("NONDET", rel)
    if "<cuda_runtime.h>" in open(cu).read():
        r3 = subprocess.run([tool, "--emit", "kir", "--cuda-path", "/usr/local/cuda"] + fl + [rel], capture_output=True, text=True, cwd=ROOT)
        if r3.stdout == r1.stdout and r3.returncode == 0: cr_same += 1
        else: cr_diff += 1; print("CUDA-PATH DIFF", rel, r3.stderr.splitlines()[:2])
print(f"corpus files {len(files)}: parse ok {ok}, failed {fail}; identical second run {same}, different {diff}")
print(f"cuda_runtime.h files: same IR with --cuda-path {cr_same}, different {cr_diff}")
print(f"parse CPU time (user+sys of the process) median {statistics.median(cpu):.3f} s, max {max(cpu):.3f}")
print(f"parse time (whole cuda2hlo --emit kir process) median {statistics.median(times):.3f} s, min {min(times):.3f}, max {max(times):.3f}")
