"""corpus_test.py: table tests of tests/lib/corpus.py (the test-block parser).

Each row of BAD is a block that must be rejected, with a fragment of the expected
message; GOOD rows must parse to the stated values; then the fills, compare()
and converter_args() are checked against values worked out by hand from
docs/testing.md. Prints `N passed, N failed`; exits 1 on any failure.
"""
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

HEAD = "/* cuda2hlo-test\n"
OK_LAUNCH = "launch: k<<<1, 32>>>(x)\nbuffer: x f32 32 zeros\n"

BAD = [
    ("no block", "__global__ void k() {}", "no /* cuda2hlo-test"),
    ("no launch", HEAD + "buffer: x f32 4 zeros\n*/", "has no launch"),
    ("unknown key", HEAD + OK_LAUNCH + "bogus: 1\n*/", "unknown key 'bogus'"),
    ("no colon", HEAD + OK_LAUNCH + "check x\n*/", "expected 'key: value'"),
    ("bad launch", HEAD + "launch: k(x)\nbuffer: x f32 4 zeros\n*/", "expected NAME<<<"),
    ("one cfg value", HEAD + "launch: k<<<4>>>(x)\nbuffer: x f32 4 zeros\n*/", "GRID, BLOCK"),
    ("zero block", HEAD + "launch: k<<<1, 0>>>(x)\nbuffer: x f32 4 zeros\n*/", "positive"),
    ("dim3 of 4", HEAD + "launch: k<<<dim3(1,1,1,1), 4>>>(x)\nbuffer: x f32 4 zeros\n*/",
     "dim3 takes 1 to 3"),
    ("unknown arg", HEAD + "launch: k<<<1, 4>>>(x, y)\nbuffer: x f32 4 zeros\n*/",
     "'y' is neither a buffer nor a scalar"),
    ("bad dtype", HEAD + "launch: k<<<1, 4>>>(x)\nbuffer: x f128 4 zeros\n*/", "unknown dtype"),
    ("bad fill", HEAD + "launch: k<<<1, 4>>>(x)\nbuffer: x f32 4 gauss\n*/", "unknown fill"),
    ("fill arity", HEAD + "launch: k<<<1, 4>>>(x)\nbuffer: x f32 4 uniform 0\n*/", "takes 2 value"),
    ("uniform int", HEAD + "launch: k<<<1, 4>>>(x)\nbuffer: x i32 4 uniform 0 1\n*/", "use randint"),
    ("randint float", HEAD + "launch: k<<<1, 4>>>(x)\nbuffer: x f32 4 randint 0 9\n*/", "use uniform"),
    ("bad count", HEAD + "launch: k<<<1, 4>>>(x)\nbuffer: x f32 four zeros\n*/", "expected an integer"),
    ("zero count", HEAD + "launch: k<<<1, 4>>>(x)\nbuffer: x f32 0 zeros\n*/", "at least one"),
    ("twice", HEAD + OK_LAUNCH + "buffer: x f32 4 zeros\n*/", "defined twice"),
    ("bad scalar", HEAD + OK_LAUNCH + "scalar: n 5\n*/", "expected NAME = VALUE"),
    ("check unknown", HEAD + OK_LAUNCH + "check: z\n*/", "unknown buffer 'z'"),
    ("check option", HEAD + OK_LAUNCH + "check: x tol=1\n*/", "unknown check option"),
    ("expectation", HEAD + OK_LAUNCH + "expect: fast\n*/", "unknown expectation"),
    ("struct field", HEAD + "launch: k<<<1, 4>>>(g{nx})\n*/", "bad struct field"),
    ("line number", HEAD + OK_LAUNCH + "\nwhat: 1\n*/", "<string>:5:"),
    ("entry and launch", HEAD + OK_LAUNCH + "entry: f(x)\n*/\nvoid f(float *p) {}",
     "has no launch lines"),
    ("two entries", HEAD + "entry: f(x)\nentry: f(x)\nbuffer: x f32 4 zeros\n*/", "one entry"),
    ("entry syntax", HEAD + "entry: f<<<1, 1>>>(x)\nbuffer: x f32 4 zeros\n*/",
     "expected HOSTFN(ARG"),
    ("entry arg", HEAD + "entry: f(x, y)\nbuffer: x f32 4 zeros\n*/\nvoid f(float *a, int b) {}",
     "entry argument 'y' is neither"),
    ("entry struct arg", HEAD + "entry: f(g{nx=1})\n*/", "bad entry argument"),
    ("entry undefined", HEAD + "entry: f(x)\nbuffer: x f32 4 zeros\n*/\nvoid f(float *);\n"
     "void g() { f(0); }", "no definition of host function 'f'"),
    ("entry arity", HEAD + "entry: f(x)\nbuffer: x f32 4 zeros\n*/\nvoid f(float *a, int n) {}",
     "f takes 2 parameters, the entry passes 1"),
    ("constant as argument", HEAD + "launch: k<<<1, 4>>>(c)\nconstant: c f32 4 zeros\n*/",
     "'c' is a constant"),
    ("constant twice", HEAD + OK_LAUNCH + "constant: x f32 4 zeros\n*/", "defined twice"),
    ("constant fill", HEAD + OK_LAUNCH + "constant: c f32 4 gauss\n*/", "unknown fill"),
]

ENTRY = """/* cuda2hlo-test
entry: run(a, b, steps, dt)
buffer: a f64 66 uniform 0 1
buffer: b f64 66 zeros
scalar: steps = 10
scalar: dt = 0.5
check: a
check: b atol=1e-9
*/
#include <utility>
__global__ void sweep(const double *src, double *dst, int n) { }
void run(double *x, double *y, int steps, double dt);   // a declaration, not the definition
static void helper(double *p) { sweep<<<1, 64>>>(p, p, 64); }
void run(double *x, double *y, int steps,
         double dt /* , int bogus */)
{
  for (int s = 0; s < steps; s++) { sweep<<<1, 64>>>(x, y, 64); std::swap(x, y); }
}
"""

GOOD = """// leading comment
/* cuda2hlo-test
launch: box_blur<3><<<dim3(7, 4), dim3(16, 16), 64*4>>>(src, dst, g{nx=64, ny=32}, s)
launch: fix<<<2, 128>>>(dst)
buffer: src f32 64*32 uniform -1 1
buffer: dst i32 2048 const 0x10
scalar: s = 2.5
check: dst
check: src rtol=0 atol=1e-3
seed: 5
note: free text: with a colon
*/
template __global__ void box_blur<3>(const float *, int *, Grid, float);
template <int R> __global__ void __launch_bounds__(256) box_blur(const float *in,
    int *out /* , int *bogus */, Grid g, float scale[]) { }
__global__ void fix(int *d) {}
"""


def run():
    npass = nfail = 0

    def ok(cond, what):
        nonlocal npass, nfail
        if cond:
            npass += 1
        else:
            nfail += 1
            print(f"FAIL {what}")

    for name, text, frag in BAD:
        try:
            corpus.parse_text(text)
            ok(False, f"{name}: accepted")
        except corpus.CorpusError as e:
            ok(frag in str(e), f"{name}: message '{e}' lacks '{frag}'")

    t = corpus.parse_text(GOOD)
    l0, l1 = t.launches
    ok(l0.kernel == "box_blur<3>" and l0.c_name == "box_blur_3", "template kernel name")
    ok(l0.grid == (7, 4, 1) and l0.block == (16, 16, 1) and l0.shmem == 256, "launch config")
    ok([a.kind for a in l0.args] == ["buffer", "buffer", "struct", "scalar"], "argument kinds")
    ok(l0.args[2].fields == [("nx", "64"), ("ny", "32")], "struct fields")
    ok(l1.grid == (2, 1, 1) and l1.block == (128, 1, 1) and l1.shmem == 0, "int config")
    ok(t.buffers["src"].count == 2048 and t.seed == 5 and t.notes == ["free text: with a colon"],
       "count expression, seed, note")
    ok((t.checks[0].rtol, t.checks[0].atol) == (0.0, 0.0), "integer check is exact")
    ok((t.checks[1].rtol, t.checks[1].atol) == (0.0, 1e-3), "explicit tolerances")
    ok(l0.params == ["in", "out", "g", "scale"] and l1.params == ["d"], "parameter names")
    ok(corpus.converter_args(t, l0) == [
        "--kernel", "box_blur<3>", "--grid", "7,4,1", "--block", "16,16,1", "--shmem", "256",
        "--size", "in=2048", "--size", "out=2048", "--set", "g.nx=64", "--set", "g.ny=32",
        "--set", "scale=2.5"], "converter_args")
    try:
        corpus.parse_text(HEAD + OK_LAUNCH + "*/\n__global__ void k(int *a, int *b) {}")
        ok(False, "arity mismatch accepted")
    except corpus.CorpusError as e:
        ok("takes 2 parameters, the launch passes 1" in str(e), f"arity message: {e}")

    dsc = corpus.parse_text(HEAD + "launch: k<<<1, 32>>>(&d{a=x, n=5}, s)\nbuffer: x f32 32 zeros\n"
                            "scalar: s = 2\n*/")       # a descriptor: a field names a buffer
    dl = dsc.launches[0]
    ok(dl.args[0].ref and dl.args[0].field_bufs == ["a"] and dl.buffer_bindings() == [("d.a", "x")],
       "descriptor argument, buffer field")
    ok(corpus.converter_args(dsc, dl)[6:] == ["--size", "d.a=32", "--set", "d.n=5", "--set", "s=2"],
       "descriptor converter_args")

    e = corpus.parse_text(ENTRY)
    ok(e.launches == [] and e.entry.function == "run", "entry parsed, no launches")
    ok([a.kind for a in e.entry.args] == ["buffer", "buffer", "scalar", "scalar"], "entry kinds")
    ok(e.entry.params == ["x", "y", "steps", "dt"], f"host parameter names {e.entry.params}")
    want_args = ["--entry", "run", "--size", "x=66", "--size", "y=66",
                 "--set", "steps=10", "--set", "dt=0.5"]
    ok(corpus.converter_args(e) == want_args and
       corpus.converter_args(e, e.entry) == want_args, "entry converter_args")
    ok([c.name for c in e.checks] == ["a", "b"] and e.checks[1].atol == 1e-9, "entry checks")
    ok(corpus.host_params("void helper(double *p) {}\n__global__ void k(int q) {}", "k") is None,
       "a kernel is not a host function")
    ok(corpus.host_params("template <class T>\nvoid f(T *a, const int &n) {}", "f") == ["a", "n"],
       "template host function, reference parameter")

    with tempfile.TemporaryDirectory() as d:     # parameters from an X-macro list
        xm = os.path.join(d, "xmacro.cu")
        with open(xm, "w") as f:
            f.write(HEAD + "entry: run(a, b, n)\nbuffer: a f64 4 zeros\nbuffer: b f64 4 zeros\n"
                    "scalar: n = 4\n*/\n#define STATE(X) X(a) X(b)\n#define PARAM(f) double *f,\n"
                    "void run(STATE(PARAM) int n) {}\n")
        ok(corpus.parse(xm).entry.params == ["a", "b", "n"], "entry parameters from a macro list")
        c = corpus.parse_text(HEAD + OK_LAUNCH + "constant: coef f32 4 uniform -1 1\n*/")
    ok(c.buffers["coef"].constant and not c.buffers["x"].constant, "constant: parsed as a constant")
    ok(corpus.converter_args(c, c.launches[0]) == ["--kernel", "k", "--grid", "1,1,1", "--block",
       "32,1,1", "--size", "x=32"], "a constant is no converter flag")
    ok(np.array_equal(corpus.fill_buffer(c, c.buffers["coef"]),
                      np.random.default_rng(1).uniform(-1, 1, 4).astype(np.float32)),
       "constant fill: seed + index")

    src = corpus.fill_buffer(t, t.buffers["src"])
    want = np.random.default_rng(5 + 0).uniform(-1, 1, 2048).astype(np.float32)
    ok(src.dtype == np.float32 and np.array_equal(src, want), "uniform fill: seed + index")
    dst = corpus.fill_buffer(t, t.buffers["dst"])
    ok(dst.dtype == np.int32 and (dst == 16).all(), "const fill, hex")
    with tempfile.TemporaryDirectory() as d:
        corpus.make_inputs(t, d)
        ok(sorted(os.listdir(d)) == ["dst.npy", "src.npy"], "make_inputs writes NAME.npy")
        ok(np.array_equal(np.load(os.path.join(d, "src.npy")), want), "make_inputs content")

    f = np.array([1.0, 2.0, np.nan, np.inf, 100.0], np.float32)
    g = np.array([1.0, 2.0 + 5e-5, np.nan, np.inf, 100.002], np.float32)
    ok([m[0] for m in corpus.compare(g, f, "f32")] == [1, 4], "float tolerance rule")
    ok(corpus.compare(g, f, "f32", rtol=1e-4, atol=0) == [], "explicit rtol")
    ok([m[0] for m in corpus.compare(np.array([1, 2, 3]), np.array([1, 2, 4]), "i32")] == [2],
       "integers compare exactly")
    ok(corpus.compare(np.zeros(3), np.zeros(4), "f32")[0][0] == -1, "size mismatch")
    ok(corpus.compare(np.float32([np.nan]), np.float32([1]), "f32") != [], "NaN vs number")
    print(f"{npass} passed, {nfail} failed")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(run())
