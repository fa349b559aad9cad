"""gpu_check.py: on a machine with an NVIDIA GPU, the third oracle of DESIGN.md.

For every launch-type corpus kernel (tests/kernels/*.cu, not racy, not entry tests):
  1. build the untouched .cu natively with nvcc, with a generated main that reads the
     test block's inputs (.npy), runs its launches with real `<<<>>>` and writes every
     buffer, timing the launches with CUDA events;
  2. convert each launch with cuda2hlo and run the modules through `cuda2hlo-run
     --backend pjrt:cuda` (jax's CUDA PJRT plugin; or `--plugin cpu` for the bundled
     cpu backend) in order, timing them;
  3. compare the checked buffers (docs/testing.md tolerance rule) and print one line per
     kernel: PASS/FAIL, native ms, PJRT ms. Closing line `N passed, N failed, N skipped`.

    python scripts/gpu_check.py --bin build/bin [--arch sm_90] [--plugin pjrt:cuda] [FILES]
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import corpus  # noqa: E402

C_TYPE = {"bool": "bool", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t",
          "i64": "int64_t", "u8": "uint8_t", "u16": "uint16_t", "u32": "uint32_t",
          "u64": "uint64_t", "f16": "__half", "f32": "float", "f64": "double"}

SUPPORT = r"""
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
namespace gc {
template <class K, size_t I> struct param_of;
template <class... P, size_t I> struct param_of<void (*)(P...), I> {
  using type = std::tuple_element_t<I, std::tuple<P...>>;
};
template <class K, size_t I> using param_t = typename param_of<K, I>::type;
/* .npy v1-3 reader for C-order little-endian data of a known size. */
static void *load(const std::string &path, size_t bytes) {
  FILE *f = fopen(path.c_str(), "rb");
  unsigned char pre[12];
  if (!f || fread(pre, 1, 10, f) != 10) { fprintf(stderr, "cannot read %s\n", path.c_str()); exit(2); }
  size_t hl = pre[6] == 1 ? pre[8] | pre[9] << 8 : 0;
  if (pre[6] != 1) { if (fread(pre + 10, 1, 2, f) != 2) exit(2); hl = pre[8] | pre[9] << 8 | pre[10] << 16 | (size_t)pre[11] << 24; }
  fseek(f, (pre[6] == 1 ? 10 : 12) + hl, SEEK_SET);
  void *p = malloc(bytes ? bytes : 1);
  if (fread(p, 1, bytes, f) != bytes) { fprintf(stderr, "short data in %s\n", path.c_str()); exit(2); }
  fclose(f);
  return p;
}
static void save(const std::string &path, const char *descr, const void *p, size_t elem, size_t n) {
  char hdr[128];
  int len = snprintf(hdr, sizeof hdr, "{'descr': '%s', 'fortran_order': False, 'shape': (%zu,), }", descr, n);
  int pad = 64 - (10 + len + 1) % 64;
  FILE *f = fopen(path.c_str(), "wb");
  fwrite("\x93NUMPY\x01\x00", 1, 8, f);
  unsigned short h = (unsigned short)(len + pad + 1);
  fputc(h & 255, f); fputc(h >> 8, f);
  fwrite(hdr, 1, len, f);
  for (int i = 0; i < pad; i++) fputc(' ', f);
  fputc('\n', f);
  fwrite(p, elem, n, f);
  fclose(f);
}
static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e)); exit(3); }
}
}
"""

NPY = {"bool": "|b1", "i8": "|i1", "i16": "<i2", "i32": "<i4", "i64": "<i8", "u8": "|u1",
       "u16": "<u2", "u32": "<u4", "u64": "<u8", "f16": "<f2", "f32": "<f4", "f64": "<f8"}


def driver(test):
    """The native main for a launch test: the .cu itself is #included above it."""
    L = ["int main(int argc, char **argv) {",
         "  std::string in = argv[1], out = argv[2];",
         "  cudaEvent_t t0, t1; cudaEventCreate(&t0); cudaEventCreate(&t1);"]
    for b in test.buffers.values():
        ty, n = C_TYPE[b.dtype], b.count
        L += [f"  {ty} *h_{b.name} = ({ty} *)gc::load(in + \"/{b.name}.npy\", sizeof({ty}) * {n});",
              f"  {ty} *d_{b.name}; gc::check(cudaMalloc(&d_{b.name}, sizeof({ty}) * {n} + 1), \"cudaMalloc\");",
              f"  cudaMemcpy(d_{b.name}, h_{b.name}, sizeof({ty}) * {n}, cudaMemcpyHostToDevice);"]
    L.append("  cudaEventRecord(t0);")
    for ln in test.launches:
        vals = []
        L.append("  {")
        L.append(f"    using K = decltype(&{ln.kernel});")
        for ai, a in enumerate(ln.args):
            ty = f"gc::param_t<K, {ai}>"
            if a.kind == "buffer":
                vals.append(f"({ty})d_{a.name}")
            elif a.kind == "scalar":
                v = {"true": "1", "false": "0"}.get(test.scalars[a.name], test.scalars[a.name])
                vals.append(f"({ty})({v})")
            else:       # a struct by value, or `&d{...}`: a copy of it in device memory
                st = f"std::remove_pointer_t<{ty}>" if a.ref else ty
                L.append(f"    {st} s{ai}{{}};")
                L += [f"    s{ai}.{f} = " + (f"(decltype(s{ai}.{f}))d_{v}" if f in a.field_bufs else v) + ";"
                      for f, v in a.fields]
                if a.ref:
                    L += [f"    {ty} p{ai}; gc::check(cudaMalloc(&p{ai}, sizeof s{ai}), \"cudaMalloc\");",
                          f"    cudaMemcpy((void *)p{ai}, &s{ai}, sizeof s{ai}, cudaMemcpyHostToDevice);"]
                vals.append(f"p{ai}" if a.ref else f"s{ai}")
        g, b = ln.grid, ln.block
        L.append(f"    {ln.kernel}<<<dim3({g[0]}, {g[1]}, {g[2]}), dim3({b[0]}, {b[1]}, {b[2]}), "
                 f"{ln.shmem}>>>({', '.join(vals)});")
        L.append("    gc::check(cudaGetLastError(), \"launch\");")
        L.append("  }")
    L += ["  cudaEventRecord(t1); gc::check(cudaEventSynchronize(t1), \"kernels\");",
          "  float ms = 0; cudaEventElapsedTime(&ms, t0, t1); printf(\"%.4f\\n\", ms);"]
    for b in test.buffers.values():
        ty, n = C_TYPE[b.dtype], b.count
        L += [f"  cudaMemcpy(h_{b.name}, d_{b.name}, sizeof({ty}) * {n}, cudaMemcpyDeviceToHost);",
              f"  gc::save(out + \"/{b.name}.npy\", \"{NPY[b.dtype]}\", h_{b.name}, sizeof({ty}), {n});"]
    L += ["  return 0;", "}"]
    return "\n".join(L) + "\n"


def native(test, work, arch):
    src = os.path.join(work, "native.cu")
    with open(src, "w") as f:
        f.write("#include <cuda_runtime.h>\n" + SUPPORT + "#define main cuda2hlo_user_main\n"
                f"#include \"{os.path.abspath(test.path)}\"\n#undef main\n" + driver(test))
    exe = os.path.join(work, "native")
    r = subprocess.run(["nvcc", "-O2", f"-arch={arch}", "-w", "-I", os.path.dirname(test.path),
                        src, "-o", exe], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("nvcc: " + r.stderr.strip()[-500:])
    out = os.path.join(work, "native_out")
    os.makedirs(out, exist_ok=True)
    r = subprocess.run([exe, os.path.join(work, "in"), out], capture_output=True, text=True, timeout=300)
    if r.returncode:
        raise RuntimeError("native run: " + r.stderr.strip()[-500:])
    return out, float(r.stdout.split()[-1])


def converted(test, work, bindir, plugin):
    state = os.path.join(work, "state")
    subprocess.run(["cp", "-r", os.path.join(work, "in"), state], check=True)
    total_ms = 0.0
    for li, ln in enumerate(test.launches):
        mlir = os.path.join(work, f"k{li}.mlir")
        r = subprocess.run([os.path.join(bindir, "cuda2hlo"), test.path, "-o", mlir] +
                           corpus.converter_args(test, ln), capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError("cuda2hlo: " + r.stderr.strip().splitlines()[0])
        out = os.path.join(work, f"out{li}")
        cmd = [os.path.join(bindir, "cuda2hlo-run"), mlir, "--out", out, "--bench", "5"]
        cmd += ["--backend", plugin] if plugin else []
        binds = dict(ln.buffer_bindings())
        for p, b in binds.items():
            cmd += ["--in", f"{p}={os.path.join(state, b + '.npy')}"]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if r.returncode:
            raise RuntimeError("cuda2hlo-run: " + r.stderr.strip()[-500:])
        for tok in r.stdout.split(","):
            if "best" in tok:
                total_ms += float(tok.split()[1])
        for p, b in binds.items():
            f = os.path.join(out, p + ".npy")
            if os.path.exists(f):
                subprocess.run(["cp", f, os.path.join(state, b + ".npy")], check=True)
    return state, total_ms


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--plugin", default="pjrt:cuda")
    ap.add_argument("files", nargs="*")
    cfg = ap.parse_args(argv[1:])
    files = cfg.files or corpus.corpus_files(os.path.join(ROOT, "tests", "kernels"))
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    for path in files:
        test = corpus.parse(path)
        name = os.path.basename(path)[:-3]
        if test.expect == "race" or test.entry:
            counts["SKIP"] += 1
            print(f"SKIP {name}: {'racy' if test.expect == 'race' else 'entry test'}")
            continue
        with tempfile.TemporaryDirectory() as work:
            try:
                corpus.make_inputs(test, os.path.join(work, "in"))
                want, nat_ms = native(test, work, cfg.arch)
                got, pj_ms = converted(test, work, cfg.bin, cfg.plugin)
                bad = []
                for c in test.checks:
                    b = test.buffers[c.name]
                    mism = corpus.compare(np.load(os.path.join(got, c.name + ".npy")),
                                          np.load(os.path.join(want, c.name + ".npy")),
                                          b.dtype, c.rtol, c.atol, limit=1)
                    bad += [f"{c.name}{m}" for m in mism]
                status = "FAIL" if bad else "PASS"
                print(f"{status} {name}: native {nat_ms:.3f} ms, converted ({cfg.plugin}) {pj_ms:.3f} ms"
                      + (f"; first mismatch {bad[0]}" if bad else ""), flush=True)
            except (RuntimeError, subprocess.TimeoutExpired, corpus.CorpusError) as e:
                status = "FAIL"
                print(f"FAIL {name}: {e}", flush=True)
        counts[status] += 1
    print(f"{counts['PASS']} passed, {counts['FAIL']} failed, {counts['SKIP']} skipped")
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
