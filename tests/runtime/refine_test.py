"""refine_test.py: shape-polymorphic modules on every backend (runtime/refine.c).

  refine_test.py CUDA2HLO_RUN

Each case is a jax function exported once by jax.export with symbolic dimensions (a
module with tensor<?x...> arguments, get_dimension_size, dynamic ops and
@shape_assertion custom calls, as jax writes them). cuda2hlo-run runs that one text at
three sizes on interp, cpu and pjrt (XLA CPU through the venv's plugin, skipped when it
cannot load), and each result must equal jax's own run of the function at that size
(the oracle: jax's jit, which shares nothing with our runtime). A size that violates a
constraint must fail on every backend with exit 1 and the assertion's message, and
write no result; so must the modules in BAD (written here), with refine.c's messages. Prints `N passed, N failed, N skipped`.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

os.environ.setdefault("JAX_PLATFORMS", "cpu")
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax import export  # noqa: E402

jax.config.update("jax_enable_x64", False)
counts = {"passed": 0, "failed": 0, "skipped": 0}


def result(ok, what):
    counts["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + what)


def stencil2d(u):
    c = u[1:-1, 1:-1]
    lap = u[1:-1, :-2] + u[1:-1, 2:] + u[:-2, 1:-1] + u[2:, 1:-1] - 4.0 * c
    return u.at[1:-1, 1:-1].set(c + 0.1 * lap)


def stencil3d(u):
    c = u[1:-1, 1:-1, 1:-1]
    s = (u[:-2, 1:-1, 1:-1] + u[2:, 1:-1, 1:-1] + u[1:-1, :-2, 1:-1] + u[1:-1, 2:, 1:-1]
         + u[1:-1, 1:-1, :-2] + u[1:-1, 1:-1, 2:])
    return u.at[1:-1, 1:-1, 1:-1].set(s / 6.0)


def time_loop(u):
    def step(_, v):
        return v.at[1:-1].set(0.25 * v[:-2] + 0.5 * v[1:-1] + 0.25 * v[2:])
    return jax.lax.fori_loop(0, 8, step, u)


# name, function, symbolic spec per argument (then the constraints, a tuple, if any), the
# three sizes (values of the symbols)
CASES = [
    ("elementwise", lambda x: jnp.sin(x) * 2.0 + 1.0, ["n"], [{"n": 1}, {"n": 7}, {"n": 1000}]),
    ("slice", lambda x: x[1:] * 2.0, ["n"], [{"n": 2}, {"n": 9}, {"n": 513}]),
    ("stencil2d", stencil2d, ["ny, nx", ("ny >= 3", "nx >= 3")], [{"ny": 3, "nx": 3}, {"ny": 8, "nx": 5}, {"ny": 33, "nx": 64}]),
    ("stencil3d", stencil3d, ["nz, ny, nx", ("nz >= 3", "ny >= 3", "nx >= 3")],
     [{"nz": 3, "ny": 3, "nx": 3}, {"nz": 4, "ny": 6, "nx": 5}, {"nz": 9, "ny": 8, "nx": 16}]),
    ("periodic", lambda x: jnp.roll(x, 1) - 2.0 * x + jnp.roll(x, -1), ["n", ("n >= 1",)],
     [{"n": 1}, {"n": 5}, {"n": 300}]),
    ("transpose", lambda a: a.T * 3.0, ["m, n"], [{"m": 1, "n": 4}, {"m": 5, "n": 3}, {"m": 64, "n": 17}]),
    ("matmul", lambda a, b: a @ b, ["m, k", "k, n"],
     [{"m": 1, "k": 1, "n": 1}, {"m": 4, "k": 3, "n": 5}, {"m": 32, "k": 16, "n": 24}]),
    ("reduce", lambda a: jnp.sum(a, axis=1), ["m, n"], [{"m": 1, "n": 1}, {"m": 3, "n": 8}, {"m": 40, "n": 100}]),
    ("time_loop", time_loop, ["n", ("n >= 3",)], [{"n": 3}, {"n": 10}, {"n": 257}]),
]


def shape_of(spec, sizes):
    return tuple(sizes[s.strip()] for s in spec.split(","))


def export_text(fn, specs, constraints=()):
    scope = export.SymbolicScope(constraints)
    args = [jax.ShapeDtypeStruct(export.symbolic_shape(s, scope=scope), jnp.float32) for s in specs]
    return export.export(jax.jit(fn))(*args).mlir_module()


def run(tool, mod, ins, backend, out):
    args = [tool, mod, "--backend", backend, "--out", out]
    for i, path in enumerate(ins):
        args += ["--in", f"arg{i}={path}"]
    return subprocess.run(args, capture_output=True, text=True)


def pjrt_works(tool, tmp):
    mod = os.path.join(tmp, "probe.mlir")
    with open(mod, "w") as f:
        f.write("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                "  %0 = stablehlo.add %a, %a : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n")
    p = os.path.join(tmp, "probe.npy")
    np.save(p, np.ones(2, np.float32))
    return run(tool, mod, [p], "pjrt", os.path.join(tmp, "probe_out")).returncode == 0


def check_case(tool, tmp, backends, name, fn, specs, sizes_list, rng):
    constraints = specs[-1] if isinstance(specs[-1], tuple) else ()
    specs = [s for s in specs if isinstance(s, str)]
    text = export_text(fn, specs, constraints)
    mod = os.path.join(tmp, name + ".mlir")
    with open(mod, "w") as f:
        f.write(text)
    result("?x" in text, f"{name}: jax.export wrote a polymorphic module")
    for sizes in sizes_list:
        arrays = [rng.uniform(-1, 1, shape_of(s, sizes)).astype(np.float32) for s in specs]
        paths = []
        for i, a in enumerate(arrays):
            paths.append(os.path.join(tmp, f"{name}_{i}.npy"))
            np.save(paths[-1], a)
        want = np.asarray(jax.jit(fn)(*arrays))
        for be in backends:
            out = os.path.join(tmp, f"{name}_{be}")
            r = run(tool, mod, paths, be, out)
            got = np.load(os.path.join(out, "result.npy")) if r.returncode == 0 else None
            ok = got is not None and got.shape == want.shape and \
                np.allclose(got, want, rtol=2e-6, atol=2e-6)
            result(ok, f"{name} {sizes} on {be}: equals jax (exit {r.returncode}: {r.stderr.strip()[-200:]})")


def check_assertion(tool, tmp, backends):
    """ny, nx >= 3 as a constraint: jax writes it as a @shape_assertion."""
    text = export_text(stencil2d, ["ny, nx"], constraints=("ny >= 3", "nx >= 3"))
    mod = os.path.join(tmp, "assert.mlir")
    with open(mod, "w") as f:
        f.write(text)
    result("shape_assertion" in text, "stencil2d with nx >= 3: the module has a shape assertion")
    p = os.path.join(tmp, "assert_in.npy")
    np.save(p, np.ones((4, 2), np.float32))
    for be in backends:
        out = os.path.join(tmp, f"assert_{be}")
        r = run(tool, mod, [p], be, out)
        result(r.returncode == 1 and "shape assertion failed" in r.stderr and "nx >= 3" in r.stderr
               and not os.path.exists(os.path.join(out, "result.npy")),
               f"stencil2d at nx = 2 on {be}: fails with the assertion's message "
               f"(exit {r.returncode}: {r.stderr.strip()[-300:]})")


# Modules written here whose refinement must fail: (name, module, inputs, message)
BAD = [
    ("shape from data",
     """func.func @main(%x: tensor<1xf32>) -> tensor<?xf32> {
  %s = stablehlo.convert %x : (tensor<1xf32>) -> tensor<1xi32>
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
""", [np.ones(1, np.float32)], "the shape operand 0 of stablehlo.dynamic_iota is not a constant"),
    ("slice out of the operand",
     """func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %s = stablehlo.constant dense<1> : tensor<1xi32>
  %l = stablehlo.constant dense<9> : tensor<1xi32>
  %0 = stablehlo.real_dynamic_slice %x, %s, %l, %s : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
""", [np.ones(4, np.float32)], "real_dynamic_slice [1:9:1] of a dimension of 4"),
    ("an op refine does not know",
     """func.func @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "stablehlo.cholesky"(%x) {lower = true} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
""", [np.eye(3, dtype=np.float32)], "cannot refine the shape of 'stablehlo.cholesky'"),
    ("an op of the wrong arity (verified only after refinement)",
     """func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "stablehlo.add"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
""", [np.ones(3, np.float32)], "'stablehlo.add' with 1 operands and 1 results"),
    ("a function no call reaches",
     """func.func private @g(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
""", [np.ones(3, np.float32)], "@g keeps a value of dynamic shape after refinement"),
    ("rank of the input",
     """func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
""", [np.ones((2, 2), np.float32)], "the parameter is tensor<?xf32>"),
]


def check_bad(tool, tmp, backends):
    for name, text, ins, msg in BAD:
        mod = os.path.join(tmp, "bad.mlir")
        with open(mod, "w") as f:
            f.write(text)
        paths = []
        for i, a in enumerate(ins):
            paths.append(os.path.join(tmp, f"bad_{i}.npy"))
            np.save(paths[-1], a)
        for be in backends:
            out = os.path.join(tmp, f"bad_{be}")
            r = run(tool, mod, paths, be, out)
            result(r.returncode == 1 and msg in r.stderr and not os.path.exists(out),
                   f"bad: {name} on {be}: exit 1, '{msg}' (exit {r.returncode}: {r.stderr.strip()[-200:]})")


def main():
    tool = sys.argv[1]
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as tmp:
        backends = ["interp", "cpu"]
        if pjrt_works(tool, tmp):
            backends.append("pjrt")
        else:
            counts["skipped"] += 1
            print("SKIP pjrt: the default plugin does not load here")
        for name, fn, specs, sizes in CASES:
            check_case(tool, tmp, backends, name, fn, specs, sizes, rng)
        check_assertion(tool, tmp, backends)
        check_bad(tool, tmp, backends)
    print(f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
