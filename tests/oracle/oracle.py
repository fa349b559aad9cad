"""oracle.py: build and run the CUDA emulator oracle for one corpus file.

Consumes an original .cu file with its cuda2hlo-test block. prep() rewrites the
source so that g++ accepts it with cuda_emu.h force-included: comments are
blanked (line numbers kept), `k<<<cfg>>>(args)` launches become calls of
cuemu::launch, `extern __shared__ T a[];` becomes a pointer into the dynamic
shared buffer, and the file's own main() is renamed. driver() appends a main
that loads the inputs, runs the block's launches in order (or calls the block's
`entry:` host function with the buffers, which are device memory here, and the
scalars) and writes every buffer. build() compiles that once per content hash into build/oracle-cache/;
run() executes it: IN_DIR/NAME.npy in, OUT_DIR/NAME.npy out.

Usage: oracle.py FILE.cu IN_DIR OUT_DIR      (IN_DIR made by corpus.make_inputs)
       oracle.py --build FILE.cu             (prints the binary's path)
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
import corpus  # noqa: E402

CXX = os.environ.get("CUEMU_CXX", "g++")
CXXFLAGS = ["-std=c++17", "-O1", "-w", "-fno-strict-aliasing", "-fwrapv"]
CACHE = os.environ.get("CUEMU_CACHE", os.path.join(ROOT, "build", "oracle-cache"))
NPY_DESCR = {"bool": "|b1", "i8": "|i1", "i16": "<i2", "i32": "<i4", "i64": "<i8",
             "u8": "|u1", "u16": "<u2", "u32": "<u4", "u64": "<u8",
             "f16": "<f2", "f32": "<f4", "f64": "<f8"}
C_TYPE = {"bool": "bool", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t",
          "i64": "int64_t", "u8": "uint8_t", "u16": "uint16_t", "u32": "uint32_t",
          "u64": "uint64_t", "f16": "_Float16", "f32": "float", "f64": "double"}


class OracleError(Exception):
    pass


def blank_comments(src):
    """Replace comments by spaces (newlines kept); string and char literals stay."""
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", src[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c and src[j] != "\n":
                j += 2 if src[j] == "\\" else 1
            out.append(src[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _match_forward(s, i, open_, close):
    """Index just past the bracket that closes s[i] == open_."""
    depth = 0
    for j in range(i, len(s)):
        if s[j] == open_:
            depth += 1
        elif s[j] == close:
            depth -= 1
            if depth == 0:
                return j + 1
    raise OracleError("unbalanced brackets in a launch")


def _name_start(s, end):
    """Start of the kernel expression that ends at s[end-1] (`ns::k<T, 3>`)."""
    i = end
    while True:
        while i > 0 and s[i - 1].isspace():
            i -= 1
        if i > 0 and s[i - 1] == ">":
            depth = 0
            while i > 0:
                i -= 1
                depth += {">": 1, "<": -1}.get(s[i], 0)
                if depth == 0:
                    break
            while i > 0 and s[i - 1].isspace():
                i -= 1
        j = i
        while i > 0 and (s[i - 1].isalnum() or s[i - 1] == "_"):
            i -= 1
        if i == j:
            raise OracleError("cannot find the kernel name before <<<")
        if i >= 2 and s[i - 2:i] == "::":
            i -= 2
            continue
        return i


def mask_literals(s):
    """s with the insides of string and char literals blanked (same length)."""
    return re.sub(r"""(["'])((?:\\.|(?!\1)[^\\\n])*)\1""",
                  lambda m: m.group(1) + " " * len(m.group(2)) + m.group(1), s)


def rewrite_launches(text):
    s = mask_literals(text)    # positions come from s, text is copied from text
    out, pos = [], 0
    while True:
        k = s.find("<<<", pos)
        if k < 0:
            break
        start = _name_start(s, k)
        e = s.find(">>>", k)
        if e < 0:
            raise OracleError("<<< without >>>")
        cfg = s[k + 3:e]
        p = e + 3
        while p < len(s) and s[p].isspace():
            p += 1
        if p >= len(s) or s[p] != "(":
            raise OracleError("a launch needs an argument list after >>>")
        q = _match_forward(s, p, "(", ")")
        name, args, cfg = text[start:k].strip(), text[p + 1:q - 1], text[k + 3:e]
        out.append(text[pos:start])
        out.append(f"::cuemu::launch(::cuemu::Cfg({cfg}), [&](auto&&... cuemu_a) "
                   f"{{ {name}(cuemu_a...); }}{', ' if args.strip() else ''}{args})")
        pos = q
    out.append(text[pos:])
    return "".join(out)


def rewrite_shared(s):
    s = re.sub(r"\bstatic\s+__shared__\b", "__shared__", s)
    s = re.sub(r"\b__shared__\s+static\b", "__shared__", s)

    def ext(m):
        ty = re.sub(r"__align__\s*\(\s*\d+\s*\)|alignas\s*\(\s*\d+\s*\)", " ", m.group(1))
        ty = " ".join(ty.split())
        return f"{ty} *const {m.group(2)} = ({ty} *)::cuemu::dyn_smem;"
    return re.sub(r"\bextern\s+__shared__\s+([^;\[\]]*?)\b(\w+)\s*\[\s*\]\s*;", ext, s)


def inline_cu_includes(src, path, depth=0):
    """src with each `#include "X.cu"` replaced by the text of X.cu (found beside path,
    recursively), inside #line directives: its launches must be rewritten too."""
    if depth > 8:
        raise OracleError(f"{path}: #include \"*.cu\" nested too deeply")
    out = []
    for no, line in enumerate(src.split("\n"), 1):
        m = re.match(r'\s*#\s*include\s*"([^"]+\.cu)"', line)
        if not m:
            out.append(_absolute_include(line, path) if depth else line)
            continue
        inc = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(path)), m.group(1)))
        try:
            with open(inc, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise OracleError(f"{path}:{no}: cannot read {m.group(1)}: {e}") from None
        out += [f'#line 1 "{inc}"', inline_cu_includes(text, inc, depth + 1),
                f'#line {no + 1} "{os.path.abspath(path)}"']
    return "\n".join(out)


def _absolute_include(line, path):
    """An `#include "X"` line of an inlined .cu file naming a header beside that file,
    with X made absolute: the translation unit is compiled elsewhere (the cache)."""
    m = re.match(r'(\s*#\s*include\s*)"([^"/][^"]*)"(.*)$', line)
    if not m:
        return line
    inc = os.path.join(os.path.dirname(os.path.abspath(path)), m.group(2))
    return f'{m.group(1)}"{inc}"{m.group(3)}' if os.path.isfile(inc) else line


def _headers_text(src, depth=0):
    """The text of the headers src includes by absolute path (recursively, with the
    headers beside them that those include): part of the cache key."""
    out = []
    for m in re.finditer(r'^\s*#\s*include\s*"(/[^"]+)"', src, re.M):
        if depth > 8 or not os.path.isfile(m.group(1)):
            continue
        with open(m.group(1), encoding="utf-8") as f:
            text = f.read()
        text = "\n".join(_absolute_include(ln, m.group(1)) for ln in text.split("\n"))
        out += [m.group(1), text, _headers_text(text, depth + 1)]
    return "\n".join(out)


def prep(src):
    s = blank_comments(src)
    s = rewrite_shared(s)
    s = rewrite_launches(s)
    s, n = re.subn(r"\bmain\s*\(", "cuemu_user_main(", s)
    return s, n > 0


def _cvar(name):
    """The driver's variable holding buffer `name`: b_NAME; a variable template's instance
    (`taps<float>`, a `constant:` symbol) gets the identifier b_taps_float_."""
    return "b_" + (name if name.isidentifier() else re.sub(r"\W", "_", name) + "_")


def _cxx_value(v):
    return {"true": "1", "false": "0"}.get(v, v)


def driver(test, has_main=False):
    """C++ main for the test: load inputs, run the launches, write all buffers.
    `--main [ARGS]` runs the file's own main() instead."""
    L = ["#include \"npy.h\"", "#include <string>",
         "int main(int argc, char **argv) {"]
    if has_main:
        L.append("  if (argc >= 2 && std::string(argv[1]) == \"--main\") "
                 "return ::cuemu::call_main(cuemu_user_main, argc, argv);")
    L += [
         "  if (argc != 3) { fprintf(stderr, \"usage: %s IN_DIR OUT_DIR\\n\", argv[0]); return 2; }",
         "  std::string in = argv[1], out = argv[2];"]
    for b in test.buffers.values():
        L.append(f"  void *{_cvar(b.name)} = ::cuemu::npy_load(in + \"/{b.name}.npy\", "
                 f"\"{NPY_DESCR[b.dtype]}\", sizeof({C_TYPE[b.dtype]}), {b.count});")
    for b in test.buffers.values():
        if b.constant:
            L.append(f"  cudaMemcpyToSymbol({b.name}, {_cvar(b.name)}, sizeof({C_TYPE[b.dtype]}) * {b.count});")
    if test.entry:
        L += entry_call(test)
    for li, ln in enumerate(test.launches):
        L.append("  {")
        L.append(f"    using K = decltype(&{ln.kernel});")
        vals = []
        for ai, a in enumerate(ln.args):
            ty = f"::cuemu::param_t<K, {ai}>"
            if a.kind == "buffer":
                vals.append(f"::cuemu::as_pointer<{ty}>(b_{a.name})")
            elif a.kind == "scalar":
                vals.append(f"({ty})({_cxx_value(test.scalars[a.name])})")
            else:       # a struct by value, or `&d{...}` one the parameter points to
                st = f"std::remove_pointer_t<{ty}>" if a.ref else ty
                L.append(f"    {st} s_{ai}{{}};")
                for f, v in a.fields:
                    val = f"(decltype(s_{ai}.{f})){_cvar(v)}" if f in a.field_bufs else _cxx_value(v)
                    L.append(f"    s_{ai}.{f} = {val};")
                vals.append(f"&s_{ai}" if a.ref else f"s_{ai}")
        g, b = ln.grid, ln.block
        L.append(f"    ::cuemu::launch(::cuemu::Cfg(dim3({g[0]}, {g[1]}, {g[2]}), "
                 f"dim3({b[0]}, {b[1]}, {b[2]}), {ln.shmem}), "
                 f"[&](auto&&... a) {{ {ln.kernel}(a...); }}"
                 + "".join(", " + v for v in vals) + ");")
        L.append(f"    ::cuemu::check_launch({li}, \"{ln.kernel}\");")
        L.append("  }")
    for b in test.buffers.values():      # a __device__ symbol the kernels wrote
        if b.constant:
            L.append(f"  cudaMemcpyFromSymbol({_cvar(b.name)}, {b.name}, sizeof({C_TYPE[b.dtype]}) * {b.count});")
    for b in test.buffers.values():
        L.append(f"  ::cuemu::npy_save(out + \"/{b.name}.npy\", \"{NPY_DESCR[b.dtype]}\", "
                 f"{_cvar(b.name)}, sizeof({C_TYPE[b.dtype]}), {b.count});")
    L += ["  return 0;", "}"]
    return "\n".join(L) + "\n"


def entry_call(test):
    """The driver lines that call the entry's host function: buffers as its pointer
    parameters, scalars converted to its parameter types; then the launch check."""
    e = test.entry
    vals = []
    for ai, a in enumerate(e.args):
        ty = f"::cuemu::param_t<F, {ai}>"
        if a.kind == "buffer":
            vals.append(f"::cuemu::as_pointer<{ty}>(b_{a.name})")
        else:
            vals.append(f"({ty})({_cxx_value(test.scalars[a.name])})")
    return ["  {", f"    using F = decltype(&{e.function});",
            f"    {e.function}({', '.join(vals)});",
            f"    ::cuemu::check_launch(0, \"{e.function} (entry)\");", "  }"]


DRIVER_SUPPORT = r"""
namespace cuemu {
template <class K, size_t I> struct param_of;
template <class R, class... P, size_t I> struct param_of<R (*)(P...), I> {
  using type = std::tuple_element_t<I, std::tuple<P...>>;
};
template <class K, size_t I> using param_t = typename param_of<K, I>::type;
template <class P> inline P as_pointer(void *p) {
  static_assert(std::is_pointer<P>::value, "a buffer: argument must be a pointer parameter");
  return (P)p;
}
template <class F> inline int call_main(F f, int argc, char **argv) {
  std::vector<char *> av{argv[0]};
  for (int i = 2; i < argc; i++) av.push_back(argv[i]);
  av.push_back(nullptr);
  if constexpr (std::is_invocable<F, int, char **>::value) return f(argc - 1, av.data());
  else return f();
}
inline void check_launch(int i, const char *k) {
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    fprintf(stderr, "cuemu: launch %d (%s) failed: %s\n", i, k, cudaGetErrorString(e));
    exit(72);
  }
}
}
"""


def translation_unit(path, src, test):
    text, has_main = prep(inline_cu_includes(src, path))
    return ("#include \"cuda_emu.h\"\n" + DRIVER_SUPPORT +
            f"#line 1 \"{os.path.abspath(path)}\"\n" + text +
            "\n#line 1 \"cuemu-driver\"\n" + driver(test, has_main))


def _key(src):
    h = hashlib.sha256()
    # every header here (cuda_emu.h includes half_emu.h) and this script
    for f in sorted(n for n in os.listdir(HERE) if n.endswith(".h")) + ["oracle.py"]:
        with open(os.path.join(HERE, f), "rb") as fh:
            h.update(fh.read())
    h.update(os.path.join(ROOT, "tests", "lib", "corpus.py").encode())
    with open(os.path.join(ROOT, "tests", "lib", "corpus.py"), "rb") as fh:
        h.update(fh.read())
    h.update(" ".join([CXX] + CXXFLAGS).encode())
    h.update(src.encode())
    h.update(_headers_text(src).encode())
    return h.hexdigest()[:20]


def pch_dir():
    """A folder holding cuda_emu.h.gch, g++'s precompiled form of the header (it
    halves the compile time of a kernel file); None if it cannot be built."""
    if os.environ.get("CUEMU_PCH") == "0":
        return None
    h = hashlib.sha256(" ".join([CXX] + CXXFLAGS).encode())
    for name in sorted(n for n in os.listdir(HERE) if n.endswith(".h")):   # cuda_emu.h and what it includes
        with open(os.path.join(HERE, name), "rb") as fh:
            h.update(name.encode() + b"\0" + fh.read())
    d = os.path.join(CACHE, "pch-" + h.hexdigest()[:20])
    gch = os.path.join(d, "cuda_emu.h.gch")
    if os.path.exists(gch):
        return d
    os.makedirs(d, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".gch-")
    os.close(fd)
    r = subprocess.run([CXX] + CXXFLAGS + ["-x", "c++-header", os.path.join(HERE, "cuda_emu.h"),
                                           "-o", tmp], capture_output=True, text=True)
    if r.returncode != 0:
        if os.path.exists(tmp):       # g++ removes its output when it fails
            os.unlink(tmp)
        return None
    shutil.copy(os.path.join(HERE, "cuda_emu.h"), d)   # later #includes of it, guarded
    os.replace(tmp, gch)
    return d


def build(path):
    """Path of the compiled oracle for path (compiled on first use, cached)."""
    with open(path, encoding="utf-8") as f:
        src = f.read()
    test = corpus.parse_text(src, path)
    stem = f"{test.name}-{hashlib.sha256(os.path.abspath(path).encode()).hexdigest()[:8]}-"
    others = []
    for o in test.rdc_sources:      # other files of the program (nvcc -rdc=true): own units
        with open(o, encoding="utf-8") as f:
            others.append((o, f.read()))
    d = os.path.join(CACHE, stem + _key(inline_cu_includes(src, path) +
                                        "".join("\0" + o + "\0" + t for o, t in others)))
    exe = os.path.join(d, "oracle")
    if os.path.exists(exe):
        return exe
    os.makedirs(d, exist_ok=True)
    cpp = os.path.join(d, "tu.cpp")
    with open(cpp, "w") as f:
        f.write(translation_unit(path, src, test))
    cpps = [cpp]
    for i, (o, text) in enumerate(others):
        cpps.append(os.path.join(d, f"rdc{i}.cpp"))
        with open(cpps[-1], "w") as f:
            f.write("#include \"cuda_emu.h\"\n" + f"#line 1 \"{o}\"\n" +
                    prep(inline_cu_includes(text, o))[0] + "\n")
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".oracle-")
    os.close(fd)
    pch = pch_dir()
    cmd = [CXX] + CXXFLAGS + (["-I", pch] if pch else []) + [
                              "-I", os.path.join(HERE, "include"), "-I", HERE,
                              "-I", os.path.dirname(os.path.abspath(path))] + cpps + ["-o", tmp]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        if os.path.exists(tmp):       # g++ removes its output when it fails: its message counts
            os.unlink(tmp)
        raise OracleError(f"g++ failed on {path}:\n{r.stderr[-4000:]}")
    os.replace(tmp, exe)
    for old in os.listdir(CACHE):     # older builds of the same file, older headers
        if (old.startswith(stem) or old.startswith("pch-")) and \
                os.path.join(CACHE, old) not in (d, pch):
            shutil.rmtree(os.path.join(CACHE, old), ignore_errors=True)
    return exe


def run(path, in_dir, out_dir, timeout=300):
    exe = build(path)
    os.makedirs(out_dir, exist_ok=True)
    r = subprocess.run([exe, in_dir, out_dir], capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        raise OracleError(f"oracle of {path} exited {r.returncode}: {r.stderr.strip()[-2000:]}")
    return r.stdout


def main(argv):
    if len(argv) == 3 and argv[1] == "--build":
        print(build(argv[2]))
        return 0
    if len(argv) != 4:
        print(__doc__.split("Usage:")[1], file=sys.stderr)
        return 2
    try:
        sys.stdout.write(run(argv[1], argv[2], argv[3]))
    except (OracleError, corpus.CorpusError) as e:
        print(f"oracle: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
