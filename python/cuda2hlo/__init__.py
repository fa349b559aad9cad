"""cuda2hlo: CUDA kernels raised to StableHLO, from Python.

    import cuda2hlo
    m = cuda2hlo.convert("heat.cu", entry="heat_run", sizes={"T": 4096}, scalars={"nx": 64})
    out = m.run(T0, backend="cpu")          # numpy, through the bundled runtime
    f = jax.jit(m.jax())                    # jax.lax ops: jit, vmap, grad, jvp, vjp, scan

See docs/python.md.
"""
from ._paths import NotFoundError
from .mlir import ParseError, UnsupportedError
from .module import ConversionError, Module, Signature, convert, load
from .runtime import RuntimeError_ as RuntimeError

__all__ = ["convert", "load", "Module", "Signature", "ConversionError", "ParseError",
           "RuntimeError", "UnsupportedError", "NotFoundError"]
__version__ = "0.1.0"
