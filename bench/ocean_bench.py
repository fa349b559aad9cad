"""ocean_bench.py: the ocean model benchmark (bench/ocean.sh runs it; docs/benchmarks.md).

    ocean_bench.py --build BUILD --out DIR --triad GBS [--grids 32x32x8,...] [--reps R]
                   [--doc docs/benchmarks.md] [--png docs/ocean_bench.png]

For each grid: converts examples/oceananigans/ocean.cu with `cuda2hlo --entry simulate`,
builds the emulated original (the CUDA source on tests/oracle/cuda_emu.h, serial, -O2:
build_emulated.py) and a native OpenMP build of the same source (the same emulator header
with -DCUEMU_OMP: blocks spread over OpenMP threads, -O3 -march=native), saves the
set-up's step-0 state, then times four programs running the same steps from it:

  cpu       build/bin/ocean_run on the cpu backend (runtime/cpu)
  xla       the module on XLA CPU through jaxlib (ocean_check.py xla)
  emulated  the emulated original, serial
  native    the native OpenMP build

Every program runs once with 0 steps (its start-up: for cpu the parse and the JIT with
an empty cache, then once more with the cache warm; for xla XLA's compile), then REPS
rounds, each running every program once for the grid's step count, interleaved so the
machine's changing load moves them alike. Times come from wait4 on the child: CPU time
(user + system, all threads) and wall time; per step is (run - start-up) / steps, the
median over the rounds. Peak RSS is the child's ru_maxrss. GB/s counts the state read
and written once per step (2 x the bytes of the 18 fields): a lower bound of the real
traffic, against the STREAM triad measured by the same ocean.sh run.

Writes DIR/ocean.md (the table) and, with --doc/--png, the section between the markers
`<!-- ocean.sh begin -->` and `<!-- ocean.sh end -->` of the doc and the PNG plot (CPU
ms/step against grid points, log-log; a small PNG writer here, no matplotlib)."""
import argparse
import os
import shutil
import statistics
import struct
import subprocess
import sys
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OCEAN = os.path.join(ROOT, "examples", "oceananigans")
PROGRAMS = ["cpu", "xla", "emulated", "native"]
STEPS = {32: 40, 64: 10, 128: 4, 256: 2}


def sh(cmd, env=None, cwd=None):
    """Runs cmd; returns (rc, CPU seconds, wall seconds, peak RSS bytes, output)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    out = p.stdout.read().decode(errors="replace")
    _, status, ru = os.wait4(p.pid, 0)
    p.stdout.close()
    wall = time.monotonic() - t0
    return os.waitstatus_to_exitcode(status), ru.ru_utime + ru.ru_stime, wall, ru.ru_maxrss * 1024, out


def must(res, what):
    if res[0] != 0:
        sys.exit("ocean_bench: %s failed (exit %d):\n%s" % (what, res[0], res[4][-2000:]))
    return res


class Grid:
    def __init__(self, a, text):
        self.nx, self.ny, self.nz = (int(v) for v in text.split("x"))
        self.name = text
        self.dir = os.path.join(a.out, text)
        self.points = self.nx * self.ny * self.nz
        self.steps = STEPS.get(self.nx, 4)
        self.a = a

    def defs(self):
        return ["-DNX=%d" % self.nx, "-DNY=%d" % self.ny, "-DNZ=%d" % self.nz]

    def prepare(self):
        a, d = self.a, self.dir
        os.makedirs(d, exist_ok=True)
        n3 = (self.nx + 6) * (self.ny + 6) * (self.nz + 6)
        n2 = (self.nx + 6) * (self.ny + 6)
        sizes = []
        for f in "u v w T S b p Gu Gv GT GS Gum Gvm GTm GSm".split():
            sizes += ["--size", "%s=%d" % (f, n3)]
        for f in "eta Geta Getam".split():
            sizes += ["--size", "%s=%d" % (f, n2)]
        self.module = os.path.join(d, "ocean.mlir")
        r = must(sh([os.path.join(a.build, "bin", "cuda2hlo"), os.path.join(OCEAN, "ocean.cu")] + self.defs() +
                    ["--entry", "simulate", "--set", "dt=150", "--set", "scheme=1", "--report"] + sizes +
                    ["-o", self.module]), "cuda2hlo")
        self.convert_s = r[1]
        self.report = ", ".join(l.strip() for l in r[4].splitlines()
                                if l.strip().split(" ")[0] in ("gathers", "scatters", "whiles"))
        py = sys.executable
        self.emu, self.native = os.path.join(d, "ocean-emu"), os.path.join(d, "ocean-native")
        must(sh([py, os.path.join(OCEAN, "build_emulated.py"), self.emu] + self.defs()), "emulated build")
        must(sh([py, os.path.join(OCEAN, "build_emulated.py"), self.native] + self.defs() +
                ["-DCUEMU_OMP", "-O3", "-march=native", "-fopenmp"]), "native build")
        self.init = os.path.join(d, "init")
        shutil.rmtree(self.init, ignore_errors=True)
        os.makedirs(self.init)
        must(sh([self.emu, "--steps", "0", "--save", self.init]), "set-up")
        self.state_bytes = sum(os.path.getsize(os.path.join(self.init, f)) - 128 for f in os.listdir(self.init))
        self.cache = os.path.join(d, "jit-cache")
        shutil.rmtree(self.cache, ignore_errors=True)

    def command(self, prog, steps):
        a = self.a
        env = dict(os.environ, CUDA2HLO_CACHE_DIR=self.cache, OMP_NUM_THREADS=str(os.cpu_count()),
                   OMP_WAIT_POLICY="passive")   # idle OpenMP threads sleep: CPU time is work
        if prog == "cpu":
            return [os.path.join(a.build, "bin", "ocean_run"), self.module, "--init", self.init, "--nx", str(self.nx),
                    "--ny", str(self.ny), "--nz", str(self.nz), "--steps", str(steps), "--every", str(max(steps, 1)),
                    "--backend", "cpu"], env
        if prog == "xla":
            return [sys.executable, os.path.join(ROOT, "bench", "ocean_xla.py"), self.module, self.init, str(steps)], env
        exe = self.emu if prog == "emulated" else self.native
        return [exe, "--steps", str(steps), "--every", str(max(steps, 1))], env

    def run(self, prog, steps):
        cmd, env = self.command(prog, steps)
        return must(sh(cmd, env=env), "%s %s, %d steps" % (self.name, prog, steps))


def xla_execute(out):
    """(CPU s, wall s) of XLA's execute, from ocean_xla.py's line."""
    import re
    m = re.search(r"execute ([0-9.]+) s CPU ([0-9.]+) s wall", out)
    return float(m.group(1)), float(m.group(2))


def measure(g, reps, log, programs):
    res = {p: {"start": None, "cpu": [], "wall": [], "rss": 0} for p in PROGRAMS}
    for p in programs:
        r = g.run(p, 0)
        res[p]["start"] = r
        log("%s %-8s start-up: %.2f s CPU, %.2f s wall, %.0f MB" % (g.name, p, r[1], r[2], r[3] / 2**20))
    if "cpu" in programs:
        r = g.run("cpu", 0)   # the JIT cache is warm now
        res["cpu"]["warm"] = r
        log("%s cpu      start-up with the JIT cache warm: %.2f s CPU, %.2f s wall" % (g.name, r[1], r[2]))
    for k in range(reps):
        for p in programs:
            r = g.run(p, g.steps)
            s = res[p]["start"]
            base = res["cpu"]["warm"] if p == "cpu" else s
            extra = ""
            if p == "xla":   # XLA compiles in every run: its execute is timed in-process
                c, w = xla_execute(r[4])
                res[p]["cpu"].append(c / g.steps)
                res[p]["wall"].append(w / g.steps)
                extra = "; execute %.3f s CPU %.3f s wall" % (c, w)
            else:
                res[p]["cpu"].append(max(r[1] - base[1], 0.0) / g.steps)
                res[p]["wall"].append(max(r[2] - base[2], 0.0) / g.steps)
            res[p]["rss"] = max(res[p]["rss"], r[3])
            log("%s %-8s round %d: %d steps in %.2f s CPU, %.2f s wall, peak RSS %.0f MB%s"
                % (g.name, p, k + 1, g.steps, r[1], r[2], r[3] / 2**20, extra))
    return res


def table(grids, results, triad):
    lines = ["| grid (points) | program | CPU ms/step | wall ms/step | GB/s (% of triad) | start-up CPU s | "
             "peak RSS MB (x state) |", "| --- | --- | --- | --- | --- | --- | --- |"]
    for g in grids:
        res = results[g.name]
        for p in PROGRAMS:
            if not res[p]["cpu"]:
                continue
            c, w = statistics.median(res[p]["cpu"]), statistics.median(res[p]["wall"])
            gbs = 2 * g.state_bytes / w / 1e9 if w > 0 else float("nan")
            start = "%.2f" % res[p]["start"][1]
            if p == "cpu" and "warm" in res[p]:
                start = "%.2f cold, %.2f warm" % (res[p]["start"][1], res[p]["warm"][1])
            wall = "n/a" if w != w else "%.1f" % (1e3 * w)
            bw = "n/a" if gbs != gbs else "%.2f (%.0f%%)" % (gbs, 100 * gbs / triad)
            lines.append("| %s (%d) | %s | %.1f | %s | %s | %s | %.0f (%.1fx) |" % (
                g.name, g.points, p, 1e3 * c, wall, bw, start, res[p]["rss"] / 2**20, res[p]["rss"] / g.state_bytes))
    return "\n".join(lines)


def ratios(grids, results):
    out = []
    for g in grids:
        m = {p: statistics.median(results[g.name][p]["cpu"]) if results[g.name][p]["cpu"] else float("nan")
             for p in PROGRAMS}
        m = {p: v if v > 0 else float("nan") for p, v in m.items()}
        out.append("- %s: cpu / XLA CPU **%.2f**, cpu / native OpenMP **%.2f**, cpu / emulated %.2f (CPU time per "
                   "step); module: %s" % (g.name, m["cpu"] / m["xla"], m["cpu"] / m["native"],
                                          m["cpu"] / m["emulated"], g.report))
    return "\n".join(out)


# ---- a small PNG plot: log-log lines, a 3x5 pixel font ----

FONT = {
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111", "3": "111001111001111",
    "4": "101101111001001", "5": "111100111001111", "6": "111100111101111", "7": "111001001001001",
    "8": "111101111101111", "9": "111101111001111", ".": "000000000000010", "/": "001001010100100",
    "x": "000101010101000", "-": "000000111000000", " ": "000000000000000", "^": "010101000000000",
    "a": "000011101101011", "c": "000111100100111", "d": "001111101101111", "e": "111100111100111",
    "g": "111100101101111", "i": "010000010010010", "l": "010010010010010", "m": "000111111101101",
    "n": "000110101101101", "o": "000111101101111", "p": "111101111100100", "r": "000111100100100",
    "s": "111100111001111", "t": "010111010010011", "u": "000101101101111", "v": "000101101101010",
    "w": "000101101111111", "(": "010100100100010", ")": "010001001001010",
    "h": "100100111101101", "k": "100101110101101", "b": "100100111101111", "f": "011010111010010",
    "y": "101101111001111",
}
COLORS = {"cpu": (200, 40, 40), "xla": (40, 90, 200), "emulated": (120, 120, 120), "native": (30, 150, 60)}


class Canvas:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = bytearray(b"\xff" * (w * h * 3))

    def dot(self, x, y, c, r=0):
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                xi, yi = int(x) + dx, int(y) + dy
                if 0 <= xi < self.w and 0 <= yi < self.h:
                    self.px[3 * (yi * self.w + xi):3 * (yi * self.w + xi) + 3] = bytes(c)

    def line(self, x0, y0, x1, y1, c, r=0):
        n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
        for i in range(n + 1):
            t = i / n
            self.dot(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, c, r)

    def text(self, x, y, s, c=(0, 0, 0), scale=2):
        for ch in s.lower():
            g = FONT.get(ch, FONT[" "])
            for k, bit in enumerate(g):
                if bit == "1":
                    for sy in range(scale):
                        for sx in range(scale):
                            self.dot(x + (k % 3) * scale + sx, y + (k // 3) * scale + sy, c)
            x += 4 * scale

    def png(self, path):
        raw = b"".join(b"\x00" + bytes(self.px[3 * self.w * y:3 * self.w * (y + 1)]) for y in range(self.h))

        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
        with open(path, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0)) +
                    chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def plot(grids, results, path):
    import math
    W, H, L, R, T, B = 720, 480, 90, 170, 30, 60
    cv = Canvas(W, H)
    xs = [g.points for g in grids]
    ys = [1e3 * statistics.median(results[g.name][p]["cpu"]) for g in grids for p in PROGRAMS
          if results[g.name][p]["cpu"]]
    ys = [y for y in ys if y > 0]
    x0, x1 = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
    y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
    x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)
    fx = lambda v: L + (math.log10(v) - x0) / (x1 - x0) * (W - L - R)
    fy = lambda v: H - B - (math.log10(v) - y0) / (y1 - y0) * (H - T - B)
    grey, black = (220, 220, 220), (0, 0, 0)
    for e in range(x0, x1 + 1):
        cv.line(fx(10 ** e), T, fx(10 ** e), H - B, grey)
        cv.text(fx(10 ** e) - 12, H - B + 8, "10^%d" % e)
    for e in range(y0, y1 + 1):
        cv.line(L, fy(10 ** e), W - R, fy(10 ** e), grey)
        cv.text(L - 56, fy(10 ** e) - 5, ("%g" % 10 ** e) if e >= 0 else "%.3g" % 10 ** e)
    cv.line(L, H - B, W - R, H - B, black)
    cv.line(L, T, L, H - B, black)
    cv.text(L + 150, H - 24, "grid points")
    cv.text(6, T - 20, "cpu ms/step")
    for i, p in enumerate(PROGRAMS):
        pts = [(fx(g.points), fy(1e3 * statistics.median(results[g.name][p]["cpu"]))) for g in grids
               if results[g.name][p]["cpu"] and statistics.median(results[g.name][p]["cpu"]) > 0]
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            cv.line(ax, ay, bx, by, COLORS[p], 1)
        for ax, ay in pts:
            cv.dot(ax, ay, COLORS[p], 3)
        cv.line(W - R + 14, T + 20 + 22 * i, W - R + 40, T + 20 + 22 * i, COLORS[p], 1)
        cv.text(W - R + 46, T + 15 + 22 * i, p)
    cv.png(path)


class LoggedGrid:
    """A grid's results read back from an ocean.log (--from-log)."""
    def __init__(self, name, state_mb, report):
        self.name = name
        self.nx, self.ny, self.nz = (int(v) for v in name.split("x"))
        self.points = self.nx * self.ny * self.nz
        self.state_bytes = state_mb * 1e6
        self.report = report


def read_logs(paths):
    """Grids and results from the log lines measure() and main() print."""
    import re
    grids, results = [], {}
    for path in paths:
        for line in open(path):
            m = re.match(r"(\S+): converted in [0-9.]+ s CPU \((.*)\); state ([0-9.]+) MB; (\d+) steps", line)
            if m:
                if m.group(1) not in results:
                    g = LoggedGrid(m.group(1), float(m.group(3)), m.group(2))
                    grids.append(g)
                    results[g.name] = {p: {"start": None, "cpu": [], "wall": [], "rss": 0} for p in PROGRAMS}
                continue
            m = re.match(r"(\S+) (\S+) +start-up: ([0-9.]+) s CPU, ([0-9.]+) s wall, ([0-9.]+) MB", line)
            if m and m.group(1) in results:   # a later log's runs of a program replace an earlier one's
                results[m.group(1)][m.group(2)] = {"start": (0, float(m.group(3)), float(m.group(4)),
                                                             float(m.group(5)) * 2**20, ""), "cpu": [], "wall": [], "rss": 0}
                continue
            m = re.match(r"(\S+) cpu +start-up with the JIT cache warm: ([0-9.]+) s CPU(?:, ([0-9.]+) s wall)?", line)
            if m and m.group(1) in results:
                results[m.group(1)]["cpu"]["warm"] = (0, float(m.group(2)), float(m.group(3) or 0), 0, "")
                continue
            m = re.match(r"(\S+) (\S+) +round \d+: (\d+) steps in ([0-9.]+) s CPU, ([0-9.]+) s wall, "
                         r"peak RSS ([0-9.]+) MB", line)
            if m and m.group(1) in results:
                r, n = results[m.group(1)][m.group(2)], int(m.group(3))
                base = r["warm"] if m.group(2) == "cpu" else r["start"]
                x = re.search(r"execute ([0-9.]+) s CPU ([0-9.]+) s wall", line)
                if m.group(2) == "xla" and not x:
                    continue   # an older log: XLA's per-step time was not taken in-process
                if x:
                    r["cpu"].append(float(x.group(1)) / n)
                    r["wall"].append(float(x.group(2)) / n)
                else:
                    r["cpu"].append(max(float(m.group(4)) - base[1], 0.0) / n)
                    # an older log has no wall time of the warm start-up: no wall figure for cpu
                    wall_ok = m.group(2) != "cpu" or base[2] > 0
                    r["wall"].append(max(float(m.group(5)) - base[2], 0.0) / n if wall_ok else float("nan"))
                r["rss"] = max(r["rss"], float(m.group(6)) * 2**20)
    done = [g for g in grids if any(results[g.name][p]["cpu"] for p in PROGRAMS)]
    return done, results


def write_doc(doc, text):
    begin, end = "<!-- ocean.sh begin -->", "<!-- ocean.sh end -->"
    s = open(doc).read()
    if begin in s and end in s:
        s = s[:s.index(begin)] + begin + "\n" + text + "\n" + s[s.index(end):]
    else:
        s = s.rstrip("\n") + "\n\n" + begin + "\n" + text + "\n" + end + "\n"
    with open(doc, "w") as f:
        f.write(s)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--triad", type=float, required=True)
    ap.add_argument("--triad-line", default="")
    ap.add_argument("--grids", default="32x32x8,64x64x16,128x128x32,256x256x32")
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--programs", default=",".join(PROGRAMS), help="a subset, for a partial run (--from-log merges)")
    ap.add_argument("--doc")
    ap.add_argument("--png")
    ap.add_argument("--from-log", nargs="+", help="no runs: the table and plot from these ocean.log files")
    a = ap.parse_args()
    if a.from_log:
        grids, results = read_logs(a.from_log)
        text = ("Assembled from %s. CPU time is user + system of the process (all threads), from wait4; "
                "STREAM triad median %.2f GB/s." % (", ".join(os.path.relpath(p, ROOT) for p in a.from_log), a.triad))
        text += "\n\n" + table(grids, results, a.triad) + "\n\n" + ratios(grids, results)
        if a.png:
            plot(grids, results, a.png)
            text += "\n\n![CPU ms/step against grid points](%s)" % os.path.relpath(a.png, os.path.dirname(a.doc or a.png))
        print(text)
        if a.doc:
            write_doc(a.doc, text)
        return 0
    os.makedirs(a.out, exist_ok=True)
    logf = open(os.path.join(a.out, "ocean.log"), "w")

    def log(s):
        print(s, flush=True)
        logf.write(s + "\n")
        logf.flush()
    grids = [Grid(a, t) for t in a.grids.split(",")]
    results = {}
    load0 = open("/proc/loadavg").read().split()[:3]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    for g in grids:
        g.prepare()
        log("%s: converted in %.1f s CPU (%s); state %.1f MB; %d steps per run"
            % (g.name, g.convert_s, g.report, g.state_bytes / 1e6, g.steps))
        results[g.name] = measure(g, a.reps, log, a.programs.split(","))
    load1 = open("/proc/loadavg").read().split()[:3]
    commit = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%h"], capture_output=True, text=True).stdout.strip()
    head = ("Run of %s (commit %s, `bench/ocean.sh`, REPS=%d), %d cores, load average %s before and %s after; "
            "%s. Medians of %d interleaved rounds; CPU time is user + system of the process (all threads), "
            "from wait4." % (started, commit or "?", a.reps, os.cpu_count(), "/".join(load0), "/".join(load1),
                             a.triad_line or "STREAM triad median %.1f GB/s" % a.triad, a.reps))
    text = head + "\n\n" + table(grids, results, a.triad) + "\n\n" + ratios(grids, results)
    if a.png:
        plot(grids, results, a.png)
        text += "\n\n![CPU ms/step against grid points](%s)" % os.path.relpath(a.png, os.path.dirname(a.doc or a.png))
    with open(os.path.join(a.out, "ocean.md"), "w") as f:
        f.write(text + "\n")
    print("\n" + text)
    if a.doc:
        write_doc(a.doc, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
