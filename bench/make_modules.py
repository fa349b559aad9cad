"""make_modules.py OUTDIR [--small]: the four benchmark programs as StableHLO text.

Written by hand in the form the raise stage produces for the CUDA kernels (DESIGN.md's
`smooth` example): the module ABI of a converted kernel (every pointer parameter a 1-D
tensor named by cuda2hlo.param, the written ones returned), then reshape, slices,
arithmetic and one dynamic_update_slice for a guarded stencil, dot_general for a
matrix-product kernel's inner loop. The CUDA kernels they stand for are in the comments.
--small writes the same programs at test sizes (for a quick check of bench/run.sh).
"""
import os
import sys


def ty(t, shape):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), t)


def module(params, body, results):
    args = ", ".join('%%%s: %s {cuda2hlo.param = "%s"}' % (n, t, n) for n, t in params)
    rtys = ", ".join('%s {cuda2hlo.param = "%s"}' % (t, n) for n, t, _ in results)
    lines = ["func.func public @main(%s)" % args, "    -> (%s) {" % rtys]
    lines += ["  " + b for b in body]
    lines.append("  return %s : %s" % (", ".join(v for _, _, v in results), ", ".join(t for _, t, _ in results)))
    lines.append("}")
    return "\n".join(lines) + "\n"


def add(n):
    """__global__ void add(const float *a, const float *b, float *c, int n)
    { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] + b[i]; }"""
    T = ty("f32", [n])
    return module([("a", T), ("b", T), ("c", T)], ["%0 = stablehlo.add %a, %b : " + T], [("c", T, "%0")])


def jacobi2d(n):
    """__global__ void jacobi(const float *u, float *v, int n) {   // 2-D grid over n x n
      int i = ..x, j = ..y;
      if (i > 0 && i < n-1 && j > 0 && j < n-1)
        v[j*n+i] = 0.25f * (u[(j-1)*n+i] + u[(j+1)*n+i] + u[j*n+i-1] + u[j*n+i+1]); }"""
    F, G, I = ty("f32", [n * n]), ty("f32", [n, n]), ty("f32", [n - 2, n - 2])
    sl = lambda name, a, b: "%{0} = stablehlo.slice %g [{1}:{2}, {3}:{4}] : ({5}) -> {6}".format(
        name, a, a + n - 2, b, b + n - 2, G, I)
    body = ["%g = stablehlo.reshape %u : ({0}) -> {1}".format(F, G),
            "%w = stablehlo.reshape %v : ({0}) -> {1}".format(F, G),
            sl("n", 0, 1), sl("s", 2, 1), sl("e", 1, 2), sl("o", 1, 0),
            "%0 = stablehlo.add %n, %s : " + I,
            "%1 = stablehlo.add %0, %o : " + I,
            "%2 = stablehlo.add %1, %e : " + I,
            "%q = stablehlo.constant dense<2.500000e-01> : " + I,
            "%3 = stablehlo.multiply %q, %2 : " + I,
            "%one = stablehlo.constant dense<1> : tensor<i32>",
            "%4 = stablehlo.dynamic_update_slice %w, %3, %one, %one : ({0}, {1}, tensor<i32>, tensor<i32>) -> {0}"
            .format(G, I),
            "%5 = stablehlo.reshape %4 : ({0}) -> {1}".format(G, F)]
    return module([("u", F), ("v", F)], body, [("v", F, "%5")])


def laplacian3d(n):
    """__global__ void lap(const float *u, float *v, int n) {      // 3-D grid over n^3
      ... if (interior) v[idx] = u[idx-1] + u[idx+1] + u[idx-n] + u[idx+n] + u[idx-n*n]
                                 + u[idx+n*n] - 6.0f * u[idx]; }"""
    F, C, I = ty("f32", [n ** 3]), ty("f32", [n, n, n]), ty("f32", [n - 2] * 3)
    offs = [("c", 1, 1, 1), ("xm", 1, 1, 0), ("xp", 1, 1, 2), ("ym", 1, 0, 1), ("yp", 1, 2, 1),
            ("zm", 0, 1, 1), ("zp", 2, 1, 1)]
    body = ["%g = stablehlo.reshape %u : ({0}) -> {1}".format(F, C),
            "%w = stablehlo.reshape %v : ({0}) -> {1}".format(F, C)]
    for name, a, b, c in offs:
        body.append("%{0} = stablehlo.slice %g [{1}:{2}, {3}:{4}, {5}:{6}] : ({7}) -> {8}".format(
            name, a, a + n - 2, b, b + n - 2, c, c + n - 2, C, I))
    body += ["%0 = stablehlo.add %xm, %xp : " + I,
             "%1 = stablehlo.add %0, %ym : " + I,
             "%2 = stablehlo.add %1, %yp : " + I,
             "%3 = stablehlo.add %2, %zm : " + I,
             "%4 = stablehlo.add %3, %zp : " + I,
             "%six = stablehlo.constant dense<6.000000e+00> : " + I,
             "%5 = stablehlo.multiply %six, %c : " + I,
             "%6 = stablehlo.subtract %4, %5 : " + I,
             "%one = stablehlo.constant dense<1> : tensor<i32>",
             "%7 = stablehlo.dynamic_update_slice %w, %6, %one, %one, %one : ({0}, {1}, tensor<i32>, tensor<i32>, tensor<i32>) -> {0}"
             .format(C, I),
             "%8 = stablehlo.reshape %7 : ({0}) -> {1}".format(C, F)]
    return module([("u", F), ("v", F)], body, [("v", F, "%8")])


def matmul(n):
    """__global__ void matmul(const float *A, const float *B, float *C, int n) {
      int i = ..y, j = ..x; float s = 0;
      for (int k = 0; k < n; k++) s += A[i*n+k] * B[k*n+j];
      C[i*n+j] = s; }"""
    F, M = ty("f32", [n * n]), ty("f32", [n, n])
    body = ["%a = stablehlo.reshape %A : ({0}) -> {1}".format(F, M),
            "%b = stablehlo.reshape %B : ({0}) -> {1}".format(F, M),
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : ({0}, {0}) -> {0}".format(M),
            "%1 = stablehlo.reshape %0 : ({0}) -> {1}".format(M, F)]
    return module([("A", F), ("B", F), ("C", F)], body, [("C", F, "%1")])


def main():
    out = sys.argv[1]
    small = "--small" in sys.argv
    os.makedirs(out, exist_ok=True)
    progs = {"add": add(1 << (12 if small else 24)), "jacobi2d": jacobi2d(64 if small else 4096),
             "laplacian3d": laplacian3d(16 if small else 256), "matmul": matmul(64 if small else 1024)}
    for name, text in progs.items():
        with open(os.path.join(out, name + ".mlir"), "w") as f:
            f.write(text)


main()
