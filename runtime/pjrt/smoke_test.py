"""pjrt_smoke: hand-written StableHLO modules through c2h-pjrt-smoke and a PJRT plugin.

Usage: smoke_test.py PATH/TO/c2h-pjrt-smoke

Each case is a module, numpy inputs and a numpy function computing the expected
results independently of XLA. Integers must match exactly, floats within rtol/atol.
Error cases check that a plugin failure comes back as exit status 1 with the plugin's
message. The cases run on $CUDA2HLO_PJRT_PLUGIN when it is set, else on every known
plugin installed in the venv (c2h-pjrt-smoke --list: several PJRT API versions); with
none every case is skipped and the exit status is 77.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

rng = np.random.default_rng(7)

ADD = """
func.func public @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""

# The stencil of DESIGN.md, with the argument and result attributes cuda2hlo emits.
STENCIL = """
func.func public @main(%u: tensor<1000xf32> {cuda2hlo.param = "u"},
                       %v: tensor<1000xf32> {cuda2hlo.param = "v"})
    -> (tensor<1000xf32> {cuda2hlo.param = "v"}) {
  %l = stablehlo.slice %u [0:998] : (tensor<1000xf32>) -> tensor<998xf32>
  %c = stablehlo.slice %u [1:999] : (tensor<1000xf32>) -> tensor<998xf32>
  %r = stablehlo.slice %u [2:1000] : (tensor<1000xf32>) -> tensor<998xf32>
  %q = stablehlo.constant dense<2.500000e-01> : tensor<998xf32>
  %h = stablehlo.constant dense<5.000000e-01> : tensor<998xf32>
  %0 = stablehlo.multiply %q, %l : tensor<998xf32>
  %1 = stablehlo.multiply %h, %c : tensor<998xf32>
  %2 = stablehlo.add %0, %1 : tensor<998xf32>
  %3 = stablehlo.multiply %q, %r : tensor<998xf32>
  %4 = stablehlo.add %2, %3 : tensor<998xf32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %5 = stablehlo.dynamic_update_slice %v, %4, %one : (tensor<1000xf32>, tensor<998xf32>, tensor<i32>) -> tensor<1000xf32>
  return %5 : tensor<1000xf32>
}
"""


def stencil_ref(u, v):
    w = v.copy()
    w[1:999] = np.float32(0.25) * u[:998] + np.float32(0.5) * u[1:999] + np.float32(0.25) * u[2:]
    return [w]


REDUCE = """
func.func public @main(%a: tensor<64x128xf32>) -> tensor<64xf32> {
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<64x128xf32>, tensor<f32>) -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
"""

DOT = """
func.func public @main(%a: tensor<16x32xf32>, %b: tensor<32x8xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
"""

# i32 arithmetic that wraps around, as CUDA's int does: XLA and numpy both wrap.
INT32 = """
func.func public @main(%a: tensor<3x5xi32>, %b: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %0 = stablehlo.multiply %a, %b : tensor<3x5xi32>
  %s = stablehlo.constant dense<7> : tensor<3x5xi32>
  %1 = stablehlo.add %0, %s : tensor<3x5xi32>
  %2 = stablehlo.and %1, %a : tensor<3x5xi32>
  return %2 : tensor<3x5xi32>
}
"""

FLOAT64 = """
func.func public @main(%a: tensor<257xf64>, %b: tensor<257xf64>) -> tensor<257xf64> {
  %0 = stablehlo.sqrt %a : tensor<257xf64>
  %1 = stablehlo.multiply %0, %b : tensor<257xf64>
  %2 = stablehlo.divide %1, %a : tensor<257xf64>
  return %2 : tensor<257xf64>
}
"""

# Three results of other types (one 0-d), a 0-d scalar parameter, a comparison to i1.
MULTI = """
func.func public @main(%x: tensor<2x3xi64>, %n: tensor<i64>) -> (tensor<2x3xi64>, tensor<2x3xi1>, tensor<i64>) {
  %nb = stablehlo.broadcast_in_dim %n, dims = [] : (tensor<i64>) -> tensor<2x3xi64>
  %0 = stablehlo.subtract %x, %nb : tensor<2x3xi64>
  %1 = stablehlo.compare GT, %x, %nb, SIGNED : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi1>
  %z = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
  %2 = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<i64>
  return %0, %1, %2 : tensor<2x3xi64>, tensor<2x3xi1>, tensor<i64>
}
"""

BAD_SYNTAX = """
func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.not_an_op %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""


def f32(*shape, lo=-1.0, hi=1.0):
    return rng.uniform(lo, hi, shape).astype(np.float32)


def cases():
    a, b = f32(4), f32(4)
    yield "add_f32", ADD, [a, b], lambda a, b: [a + b], 0, 0
    u, v = f32(1000), f32(1000)
    yield "stencil_slice_dus", STENCIL, [u, v], stencil_ref, 1e-6, 1e-6
    m = f32(64, 128)
    yield "reduce_sum", REDUCE, [m], lambda m: [m.astype(np.float64).sum(axis=1)], 1e-5, 1e-5
    p, q = f32(16, 32), f32(32, 8)
    yield "dot_general", DOT, [p, q], lambda p, q: [p.astype(np.float64) @ q], 1e-5, 1e-5
    i = rng.integers(-2**31, 2**31, (3, 5), dtype=np.int32)
    j = rng.integers(-2**31, 2**31, (3, 5), dtype=np.int32)
    yield "int32_wrap", INT32, [i, j], lambda i, j: [((i * j) + np.int32(7)) & i], 0, 0
    x, y = rng.uniform(0.5, 4, 257), rng.uniform(-2, 2, 257)
    yield "float64", FLOAT64, [x, y], lambda x, y: [np.sqrt(x) * y / x], 1e-15, 1e-15
    k = rng.integers(-100, 100, (2, 3), dtype=np.int64)
    n = np.array(3, dtype=np.int64)
    yield "multi_result_i64_pred", MULTI, [k, n], lambda k, n: [k - n, k > n, k.max()], 0, 0


def run(tool, plugin, module, inputs, tmp):
    mod = os.path.join(tmp, "m.mlir")
    with open(mod, "w") as f:
        f.write(module)
    paths = []
    for idx, arr in enumerate(inputs):
        paths.append(os.path.join(tmp, f"in{idx}.npy"))
        np.save(paths[-1], arr)
    for name in os.listdir(tmp):
        if name.startswith("out"):
            os.remove(os.path.join(tmp, name))
    return subprocess.run([tool, "--plugin", plugin, "--out", tmp, mod] + paths, capture_output=True, text=True,
                          timeout=300)


def compare(got, want, rtol, atol):
    if got.shape != want.shape:
        return f"shape {got.shape}, want {want.shape}"
    if got.dtype != want.dtype and not (want.dtype == np.float64 and got.dtype.kind == "f"):
        return f"dtype {got.dtype}, want {want.dtype}"
    if got.dtype.kind in "iub":
        bad = np.count_nonzero(got != want)
    else:
        bad = np.count_nonzero(~(np.abs(got - want) <= atol + rtol * np.abs(want)))
    return f"{bad} elements differ" if bad else None


def check_case(tool, plugin, tmp, module, inputs, ref, rtol, atol):
    r = run(tool, plugin, module, inputs, tmp)
    if r.returncode != 0:
        return f"exit {r.returncode}: {r.stderr.strip()[-500:]}"
    wants = ref(*inputs)
    for idx, want in enumerate(wants):
        path = os.path.join(tmp, f"out{idx}.npy")
        if not os.path.exists(path):
            return f"result {idx} missing"
        err = compare(np.load(path), np.asarray(want), rtol, atol)
        if err:
            return f"result {idx}: {err}"
    if os.path.exists(os.path.join(tmp, f"out{len(wants)}.npy")):
        return "more results than expected"
    return None


def check_error(tool, plugin, tmp, module, inputs, needle):
    r = run(tool, plugin, module, inputs, tmp)
    if r.returncode != 1:
        return f"exit {r.returncode}, want 1"
    if needle not in r.stderr:
        return f"message lacks {needle!r}: {r.stderr.strip()[-300:]}"
    return None


def proto_fields(data):
    """A protobuf message as {field number: [values]}: varints as ints, LEN as bytes."""
    fields, i = {}, 0

    def varint():
        nonlocal i
        v = shift = 0
        while True:
            byte = data[i]
            i += 1
            v |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return v

    while i < len(data):
        key = varint()
        num, wire = key >> 3, key & 7
        if wire == 0:
            val = varint()
        elif wire == 2:
            n = varint()
            val, i = data[i:i + n], i + n
        elif wire in (1, 5):
            n = 8 if wire == 1 else 4
            val, i = data[i:i + n], i + n
        else:
            raise ValueError(f"wire type {wire}")
        fields.setdefault(num, []).append(val)
    return fields


def check_options(tool):
    """Our CompileOptionsProto against jaxlib's own serializer: the field numbers that
    jaxlib uses for num_replicas and num_partitions inside executable_build_options
    are the ones our bytes set, and ours set nothing else."""
    from jax._src.lib import xla_client
    ref = xla_client.CompileOptions()
    ref.num_replicas = ref.num_partitions = 1
    ref_build = proto_fields(proto_fields(ref.SerializeAsString())[3][0])
    ref.num_replicas, ref.num_partitions = 3, 5
    moved = proto_fields(proto_fields(ref.SerializeAsString())[3][0])
    if (ref_build.get(4), ref_build.get(5), moved.get(4), moved.get(5)) != ([1], [1], [3], [5]):
        return "jaxlib does not put num_replicas/num_partitions at fields 4/5 of field 3"
    out = subprocess.run([tool, "--options"], capture_output=True, text=True).stdout
    ours = proto_fields(bytes.fromhex(out))
    if list(ours) != [3] or proto_fields(ours[3][0]) != {4: [1], 5: [1]}:
        return f"our options decode to {ours}"
    return None


def main():
    tool = sys.argv[1]
    total = len(list(cases())) + 4  # and compile options, three error cases
    plugins = [os.environ.get("CUDA2HLO_PJRT_PLUGIN", "")]
    if not plugins[0]:
        found = subprocess.run([tool, "--list"], capture_output=True, text=True)
        plugins = found.stdout.split()
    if not plugins:
        print("pjrt_smoke: no PJRT plugin installed (scripts/setup.sh installs one, or set "
              "CUDA2HLO_PJRT_PLUGIN); skipping")
        print(f"0 passed, 0 failed, {total} skipped")
        return 77
    passed = failed = 0

    def report(name, err):
        nonlocal passed, failed
        if err:
            failed += 1
            print(f"FAIL {name}: {err}")
        else:
            passed += 1
            print(f"ok   {name}")

    report("compile_options_vs_jaxlib", check_options(tool))
    for plugin in plugins:
        print("plugin:", plugin)
        tag = os.path.basename(os.path.dirname(plugin))
        with tempfile.TemporaryDirectory() as tmp:
            for name, module, inputs, ref, rtol, atol in cases():
                report(f"{name} [{tag}]",
                       check_case(tool, plugin, tmp, module, inputs, ref, rtol, atol))
            bad64 = [f32(4), f32(4).astype(np.float64)]
            for name, module, inputs, needle in [("error_bad_op", BAD_SYNTAX, [f32(4)], "not_an_op"),
                                                 ("error_input_count", ADD, [f32(4)], "PJRT_"),
                                                 ("error_input_type", ADD, bad64, "PJRT_")]:
                report(f"{name} [{tag}]", check_error(tool, plugin, tmp, module, inputs, needle))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
