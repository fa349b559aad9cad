"""Real XLA through jaxlib 0.10.2: the independent oracle for the runtime and emitters.

    run_xla(mlir_text, inputs) -> list[np.ndarray]   compile on XLA CPU and run
    parse_mlir(mlir_text)                          jaxlib's MLIR parser (raises on error)
    parse_hlo(hlo_text)                            jaxlib's HLO text parser (raises on error)
    run_hlo(hlo_text, inputs)                      HLO text -> proto -> StableHLO -> XLA CPU
    eval_reference(mlir_text, inputs)              the StableHLO reference interpreter
    use_ieee_arithmetic()                          XLA CPU without FMA contraction and
                                                   reciprocal division (call first)

The incantations (found by trying; written down in docs/xla-from-python.md):
- An MLIR context that knows func + stablehlo: jax._src.interpreters.mlir.make_ir_context().
  A bare ir.Context() with stablehlo.register_dialect() lacks the func dialect.
- Compile: backend.compile_and_load(text, DeviceList((dev,)), CompileOptions()) with
  num_replicas = num_partitions = 1; execute(list of jax arrays on that device).
- HLO text: jaxlib._hlo.hlo_module_from_text(text) (RuntimeError with line:col on error).
- XLA_FLAGS=--xla_allow_excess_precision=false: by default XLA CPU computes a chain of bf16
  operations in f32 and rounds once at the end, where StableHLO (and CUDA) round every
  operation (corpus half_toolkit: 232 of 768 results differ without it).
"""
import os

import numpy as np

_backend = None

# XLA CPU's arithmetic departs from IEEE 754 in two places (measured with jaxlib 0.10.2 on an
# AVX-512 host: a*b+c on 1000 random doubles differs in 197 places, x/40.0 in 361):
# - LLVM contracts a multiply and an add into one fused multiply-add (one rounding instead
#   of two) wherever the host has FMA; --xla_cpu_max_isa=AVX leaves FMA out of the target;
#   it is read when the CPU client starts (a compile option's override has no effect);
# - the algebraic simplifier rewrites a division by a constant into a multiplication by
#   the rounded reciprocal; --xla_disable_hlo_passes=algsimp keeps the division.
IEEE_FLAGS = "--xla_cpu_max_isa=AVX --xla_disable_hlo_passes=algsimp"


# On a host with AVX512-FP16 (Sapphire Rapids and later) XLA CPU contracts an f16 multiply
# and add into one fused multiply-add as it does f32 everywhere (jaxlib 0.10.2, 4096
# random a*b+c in f16: 1112 differ from numpy's two roundings; +, *, /, sqrt, exp: none),
# where StableHLO and the CUDA oracle round each operation (corpus half_ops: 85 of 1024
# results one ulp off). --xla_cpu_max_isa=AVX512 and AVX512_BF16 still contract, AVX2
# does not. Hosts without AVX512-FP16 (those this suite ran on before 2026-12-08) are left
# as they were.
F16_FLAGS = "--xla_cpu_max_isa=AVX2"


def _native_f16():
    try:
        with open("/proc/cpuinfo") as f:
            return any(line.startswith("flags") and "avx512_fp16" in line.split() for line in f)
    except OSError:
        return False


def f16_without_contraction():
    """On an AVX512-FP16 host, sets XLA_FLAGS (for this process and the programs it starts,
    such as cuda2hlo-run with the XLA CPU PJRT plugin) so that XLA CPU keeps an f16
    multiply and add apart; elsewhere nothing. Call it before XLA CPU starts."""
    if _native_f16() and "xla_cpu_max_isa" not in os.environ.get("XLA_FLAGS", ""):
        os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " " + F16_FLAGS).strip()


def use_ieee_arithmetic():
    """Makes XLA CPU round every operation as StableHLO (and IEEE 754) specifies, so a
    module gives the bits of a CUDA or C program compiled without contraction. Call it
    before the first run: it sets XLA_FLAGS, which the CPU client reads when it starts."""
    if _backend is not None:
        raise RuntimeError("use_ieee_arithmetic() after XLA CPU started")
    flags = os.environ.get("XLA_FLAGS", "")
    if IEEE_FLAGS not in flags:
        os.environ["XLA_FLAGS"] = (flags + " " + IEEE_FLAGS).strip()


def _cpu():
    global _backend
    if _backend is None:
        if "xla_allow_excess_precision" not in os.environ.get("XLA_FLAGS", ""):
            os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") +
                                       " --xla_allow_excess_precision=false").strip()
        f16_without_contraction()
        import jax
        import jax.extend  # noqa: F401  (registers jax.extend.backend)
        jax.config.update("jax_enable_x64", True)
        _backend = jax.extend.backend.get_backend("cpu")
    return _backend


def _context():
    from jax._src.interpreters import mlir as jmlir
    return jmlir.make_ir_context()


def parse_mlir(text):
    """Parses and verifies text with jaxlib's MLIR parser; raises MLIRError when invalid."""
    from jaxlib.mlir import ir
    ctx = _context()
    with ctx:
        m = ir.Module.parse(text)
        if not m.operation.verify():
            raise ValueError("module does not verify")
    return m


def parse_hlo(text):
    """Parses classic HLO text with XLA's HLO parser; raises RuntimeError when invalid."""
    import jaxlib._hlo as hlo
    return hlo.hlo_module_from_text(text)


def _compile(text):
    from jax._src.lib import xla_client as xc
    be = _cpu()
    opts = xc.CompileOptions()
    opts.num_replicas = 1
    opts.num_partitions = 1
    dev = be.local_devices()[0]
    return be.compile_and_load(text, xc._xla.DeviceList((dev,)), opts), dev


def run_xla(mlir_text, inputs):
    """Compiles StableHLO text on XLA CPU, runs it on the numpy inputs (in argument order)
    and returns the results as numpy arrays."""
    import jax
    exe, dev = _compile(mlir_text)
    args = [jax.device_put(np.asarray(x), dev) for x in inputs]
    return [np.asarray(o) for o in exe.execute(args)]


def hlo_to_mlir(hlo_text):
    """Classic HLO text -> StableHLO text (through XLA's own converter)."""
    from jax._src.lib import xla_client as xc
    proto = parse_hlo(hlo_text).as_serialized_hlo_module_proto()
    out = xc._xla.mlir.hlo_to_stablehlo(proto)
    from jaxlib.mlir import ir
    with _context():
        return str(ir.Module.parse(out))


def run_hlo(hlo_text, inputs):
    return run_xla(hlo_to_mlir(hlo_text), inputs)


def eval_reference(mlir_text, inputs):
    """Runs @main on the StableHLO reference interpreter in jaxlib; None if unavailable."""
    from jaxlib.mlir import ir
    from jaxlib.mlir.dialects import stablehlo
    if not hasattr(stablehlo, "eval_module"):
        return None
    with _context():
        m = ir.Module.parse(mlir_text)
        args = [ir.DenseElementsAttr.get(np.ascontiguousarray(x)) for x in inputs]
        outs = stablehlo.eval_module(m, args)
        return [np.array(o) for o in outs]
