"""to_jax.py: a parsed StableHLO function -> a Python function of jax arrays.

Consumes a `mlir.Func` and produces `make_function(func)`, a function that re-emits every
operation as the `jax.lax` operation with the same semantics, so JAX's own rules give
jit, vmap (whole-tensor batching rules), grad, jvp, vjp and scan, and the raised code
fuses with the caller's. What lax cannot express exactly is an `UnsupportedError`
naming the op and its line, raised when the function is traced, never an approximation.

Exactness notes (StableHLO spec vs lax):
- gather clamps start indices (lax mode CLIP); scatter skips out-of-bounds updates
  (lax mode FILL_OR_DROP); dynamic_slice/dynamic_update_slice clamp in both.
- dot_general runs at Precision.HIGHEST (no TF32 or bf16 passes on accelerators).
- A while whose condition depends only on loop-carried values that start as constants
  and evolve from constants (a counted host time loop, a fixed-trip kernel loop) is
  run once on those values at trace time to count its trips, and becomes lax.scan
  over that count: reverse-mode differentiable. Any other while is lax.while_loop
  (jit, vmap and forward mode; JAX itself refuses reverse mode through it).
"""
import numpy as np

import jax
from jax import lax

from . import mlir
from .mlir import UnsupportedError


class _NotConcrete(Exception):
    pass


TRIP_LIMIT = 100000       # trips simulated at trace time before giving up on lax.scan
FOLD_LIMIT = 16           # constant-fold ops on concrete values of at most this size


class Env:
    """Value names -> values; a region's Env sees its parents' values (StableHLO
    regions of while/reduce/scatter may use values defined above them)."""

    def __init__(self, parent=None):
        self.vals, self.parent = {}, parent

    def get(self, name):
        e = self
        while e is not None:
            if name in e.vals:
                return e.vals[name]
            e = e.parent
        raise AssertionError(f"cuda2hlo.to_jax: value {name} used before definition")


def _concrete(x):
    return isinstance(x, np.ndarray)


def _unsupported(op, why):
    return UnsupportedError(f"line {op.line}: {op.name}: {why}")


# ---- element-wise ----

def _bool_binary(name):
    return {"stablehlo.add": lax.bitwise_or, "stablehlo.or": lax.bitwise_or,
            "stablehlo.maximum": lax.bitwise_or, "stablehlo.multiply": lax.bitwise_and,
            "stablehlo.and": lax.bitwise_and, "stablehlo.minimum": lax.bitwise_and,
            "stablehlo.xor": lax.bitwise_xor, "stablehlo.compare": None}.get(name)


_BINARY = {
    "stablehlo.add": lax.add, "stablehlo.subtract": lax.sub, "stablehlo.multiply": lax.mul,
    "stablehlo.divide": lax.div, "stablehlo.remainder": lax.rem,
    "stablehlo.maximum": lax.max, "stablehlo.minimum": lax.min, "stablehlo.power": lax.pow,
    "stablehlo.and": lax.bitwise_and, "stablehlo.or": lax.bitwise_or,
    "stablehlo.xor": lax.bitwise_xor, "stablehlo.shift_left": lax.shift_left,
    "stablehlo.shift_right_logical": lax.shift_right_logical,
    "stablehlo.shift_right_arithmetic": lax.shift_right_arithmetic,
    "stablehlo.atan2": lax.atan2,
}

_UNARY = {
    "stablehlo.negate": lax.neg, "stablehlo.abs": lax.abs, "stablehlo.sqrt": lax.sqrt,
    "stablehlo.rsqrt": lax.rsqrt, "stablehlo.cbrt": lax.cbrt, "stablehlo.exponential": lax.exp,
    "stablehlo.exponential_minus_one": lax.expm1, "stablehlo.log": lax.log,
    "stablehlo.log_plus_one": lax.log1p, "stablehlo.sine": lax.sin, "stablehlo.cosine": lax.cos,
    "stablehlo.tan": lax.tan, "stablehlo.tanh": lax.tanh, "stablehlo.floor": lax.floor,
    "stablehlo.ceil": lax.ceil, "stablehlo.sign": lax.sign, "stablehlo.not": lax.bitwise_not,
    "stablehlo.popcnt": lax.population_count, "stablehlo.count_leading_zeros": lax.clz,
    "stablehlo.logistic": lax.logistic, "stablehlo.is_finite": lax.is_finite,
    "stablehlo.round_nearest_afz": lambda x: lax.round(x, lax.RoundingMethod.AWAY_FROM_ZERO),
    "stablehlo.round_nearest_even": lambda x: lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN),
}

_COMPARE = {"EQ": lax.eq, "NE": lax.ne, "LT": lax.lt, "LE": lax.le, "GT": lax.gt, "GE": lax.ge}


def _binary(op, a, b):
    if op.types[0].elem == "i1" and op.name != "stablehlo.compare":
        fn = _bool_binary(op.name)
        if fn is None:
            raise _unsupported(op, "on i1 operands")
        return fn(a, b)
    return _BINARY[op.name](a, b)


def _compare(op, a, b):
    direction = op.words[0]
    if op.words[-1] == "TOTALORDER":
        raise _unsupported(op, "comparison type TOTALORDER")
    return _COMPARE[direction](a, b)


# ---- shape ops ----

def _slice(op, x):
    starts, limits, strides = [], [], []
    for part in mlir.split_top(op.attrs["slice"].strip()[1:-1]):
        v = [int(t) for t in part.split(":")]
        starts.append(v[0])
        limits.append(v[1])
        strides.append(v[2] if len(v) > 2 else 1)
    return lax.slice(x, starts, limits, strides)


def _pad(op, x, v):
    cfg = zip(mlir.ints(op.attrs["low"]), mlir.ints(op.attrs["high"]),
              mlir.ints(op.attrs["interior"]))
    return lax.pad(x, v, list(cfg))


def _dot_general(op, a, b):
    def pair(key):
        text = op.attrs.get(key)
        if text is None:
            return (), ()
        lhs, rhs = text.split(" x ")
        return tuple(mlir.ints(lhs)), tuple(mlir.ints(rhs))
    return lax.dot_general(a, b, (pair("contracting_dims"), pair("batching_dims")),
                           precision=lax.Precision.HIGHEST,
                           preferred_element_type=op.types[0].dtype)


def _gather(op, x, idx):
    dn = mlir.struct(op.attrs["dimension_numbers"])
    get = lambda k: tuple(mlir.ints(dn.get(k, "[]")))
    ivd = int(dn.get("index_vector_dim", "0"))
    idx, ibatch = _index_vector_last(idx, ivd, get("start_indices_batching_dims"))
    dims = lax.GatherDimensionNumbers(
        offset_dims=get("offset_dims"), collapsed_slice_dims=get("collapsed_slice_dims"),
        start_index_map=get("start_index_map"), operand_batching_dims=get("operand_batching_dims"),
        start_indices_batching_dims=ibatch)
    return lax.gather(x, idx, dims, tuple(mlir.ints(op.attrs["slice_sizes"])),
                      indices_are_sorted=op.attrs.get("indices_are_sorted") == "true",
                      mode=lax.GatherScatterMode.CLIP)


def _index_vector_last(idx, ivd, batch):
    """lax wants the index vector as the last dimension of the indices."""
    if ivd == idx.ndim:
        return lax.expand_dims(idx, (idx.ndim,)), batch
    if ivd != idx.ndim - 1:
        perm = [d for d in range(idx.ndim) if d != ivd] + [ivd]
        idx = lax.transpose(idx, perm)
        batch = tuple(d - (d > ivd) for d in batch)
    return idx, batch


def _region_binop(region):
    """The op name when a region is `return op(arg0, arg1)` (either order) or
    `return arg1` ("replace"); else None."""
    (a, _), (b, _) = region.args[0], region.args[1]
    ops = region.ops
    if len(ops) == 1 and ops[0].operands == [b]:
        return "replace"
    if len(ops) == 2 and ops[1].operands == ops[0].results and \
            sorted(ops[0].operands) == sorted([a, b]) and not ops[0].regions:
        return ops[0].name
    return None


_SCATTER = {"replace": lax.scatter, "stablehlo.add": lax.scatter_add,
            "stablehlo.multiply": lax.scatter_mul, "stablehlo.maximum": lax.scatter_max,
            "stablehlo.minimum": lax.scatter_min}


def _scatter(op, x, idx, upd):
    if len(op.operands) != 3:
        raise _unsupported(op, "scatter of several operands")
    kind = _region_binop(op.regions[0])
    if kind not in _SCATTER or (op.types[0].elem == "i1" and kind != "replace"):
        raise _unsupported(op, "update computation other than replace, add, multiply, "
                           "maximum, minimum")
    dn = mlir.struct(op.attrs["scatter_dimension_numbers"])
    get = lambda k: tuple(mlir.ints(dn.get(k, "[]")))
    ivd = int(dn.get("index_vector_dim", "0"))
    idx, ibatch = _index_vector_last(idx, ivd, get("scatter_indices_batching_dims"))
    dims = lax.ScatterDimensionNumbers(
        update_window_dims=get("update_window_dims"),
        inserted_window_dims=get("inserted_window_dims"),
        scatter_dims_to_operand_dims=get("scatter_dims_to_operand_dims"),
        operand_batching_dims=get("input_batching_dims"), scatter_indices_batching_dims=ibatch)
    return _SCATTER[kind](x, idx, upd, dims,
                          indices_are_sorted=op.attrs.get("indices_are_sorted") == "true",
                          unique_indices=op.attrs.get("unique_indices") == "true",
                          mode=lax.GatherScatterMode.FILL_OR_DROP)


# ---- ops with regions ----

_MONOID = {"stablehlo.add": (lax.reduce_sum, lax.add, 0),
           "stablehlo.multiply": (lax.reduce_prod, lax.mul, 1),
           "stablehlo.maximum": (lax.reduce_max, lax.max, None),
           "stablehlo.minimum": (lax.reduce_min, lax.min, None),
           "stablehlo.and": (lax.reduce_and, lax.bitwise_and, None),
           "stablehlo.or": (lax.reduce_or, lax.bitwise_or, None),
           "stablehlo.xor": (lax.reduce_xor, lax.bitwise_xor, None)}


def _reduce(op, env, args):
    n = len(args) // 2
    xs, inits, dims = args[:n], args[n:], tuple(mlir.ints(op.attrs["dimensions"]))
    kind = _region_binop(op.regions[0]) if n == 1 else None
    if kind in _MONOID and not (op.types[0].elem == "i1" and kind in
                                ("stablehlo.add", "stablehlo.multiply")):
        red, combine, identity = _MONOID[kind]
        r = red(xs[0], dims)
        init = inits[0]
        if identity is not None and _concrete(init) and np.all(init == identity):
            return [r]        # exact: x + 0 == x (and x*1) for every x the sum can be
        return [combine(r, init)]
    region = op.regions[0]

    def computation(acc, x):
        acc = acc if n > 1 else (acc,)
        x = x if n > 1 else (x,)
        out = _eval_region(region, env, list(acc) + list(x))
        return tuple(out) if n > 1 else out[0]
    out = lax.reduce(tuple(xs) if n > 1 else xs[0], tuple(inits) if n > 1 else inits[0],
                     computation, dims)
    return list(out) if n > 1 else [out]


def _sort(op, env, args):
    region = op.regions[0]
    ops = region.ops
    a0, b0 = region.args[0][0], region.args[1][0]
    if not (len(ops) == 2 and ops[0].name == "stablehlo.compare" and ops[0].words[0] == "LT"
            and ops[0].operands == [a0, b0] and ops[1].operands == ops[0].results):
        raise _unsupported(op, "comparator other than 'compare LT' on the first operand")
    if op.types[0].dtype.kind == "f":
        raise _unsupported(op, "floating-point keys (lax.sort orders -0.0 before 0.0 and "
                           "NaNs last; 'compare LT' does not)")
    out = lax.sort(tuple(args), dimension=int(mlir.ints(op.attrs["dimension"])[0]),
                   is_stable=op.attrs.get("is_stable") == "true", num_keys=1)
    return list(out)


def _while(op, env, args):
    cond, body = op.regions
    trips = _trip_count(op, env, args)
    if trips is not None:
        if trips == 0:
            return list(args)

        # jax.checkpoint: reverse mode keeps only the carry per trip and recomputes the
        # step, instead of stacking every intermediate of the body (for a time loop of
        # thousands of ops, that stack is what makes XLA's compile of the gradient slow).
        @jax.checkpoint
        def step(carry, _):
            return tuple(_eval_region(body, env, list(carry))), None
        out, _ = lax.scan(step, tuple(args), None, length=trips)
        return list(out)
    return list(lax.while_loop(lambda c: _eval_region(cond, env, list(c))[0],
                               lambda c: tuple(_eval_region(body, env, list(c))), tuple(args)))


def _needed(region, outs):
    """The ops of region (in order) that the values outs depend on, and the names used."""
    need, keep = set(outs), []
    for op in reversed(region.ops):
        if op.name.endswith(".return"):
            continue
        if need.intersection(op.results):
            keep.append(op)
            need.update(_uses(op))
    keep.reverse()
    return keep, need


def _uses(op):
    out = list(op.operands)
    for r in op.regions:
        for o in r.ops:
            out += _uses(o)
    return out


def _trip_count(op, env, args):
    """The number of trips when the condition depends only on carried values that start
    concrete and whose updates depend only on each other and on concrete values."""
    cond, body = op.regions
    cond_ops, used = _needed(cond, cond.ops[-1].operands)
    carried = {i for i, (n, _) in enumerate(cond.args) if n in used}
    while True:
        body_ops, used = _needed(body, [body.ops[-1].operands[i] for i in carried])
        more = {i for i, (n, _) in enumerate(body.args) if n in used} - carried
        if not more:
            break
        carried |= more
    if not all(_concrete(args[i]) for i in carried):
        return None
    state = list(args)
    try:
        for trips in range(TRIP_LIMIT + 1):
            e = Env(env)
            for i in carried:
                e.vals[cond.args[i][0]] = state[i]
            _eval_ops(cond_ops, e, fold_only=True)
            if not bool(e.get(cond.ops[-1].operands[0])):
                return trips
            e = Env(env)
            for i in carried:
                e.vals[body.args[i][0]] = state[i]
            _eval_ops(body_ops, e, fold_only=True)
            for i in carried:
                state[i] = e.get(body.ops[-1].operands[i])
    except _NotConcrete:
        return None
    return None


# ---- dispatch ----

def _constant(op):
    return mlir.dense(op.words[0], op.types[0], f"line {op.line}")


def _apply(op, env, vals):
    name = op.name
    t = op.types[0] if op.types else None
    if name == "stablehlo.constant":
        return [_constant(op)]
    if name in _BINARY:
        return [_binary(op, *vals)]
    if name == "stablehlo.compare":
        return [_compare(op, *vals)]
    if name in _UNARY:
        return [_UNARY[name](vals[0])]
    if name == "stablehlo.select":
        return [lax.select_n(vals[0], vals[2], vals[1])]
    if name == "stablehlo.clamp":
        return [lax.clamp(*vals)]
    if name == "stablehlo.convert":
        return [lax.convert_element_type(vals[0], t.dtype)]
    if name == "stablehlo.bitcast_convert":
        if np.dtype(vals[0].dtype).itemsize != t.dtype.itemsize:
            raise _unsupported(op, "between element types of different widths")
        return [lax.bitcast_convert_type(vals[0], t.dtype)]
    if name == "stablehlo.reshape":
        return [lax.reshape(vals[0], t.shape)]
    if name == "stablehlo.broadcast_in_dim":
        return [lax.broadcast_in_dim(vals[0], t.shape, tuple(mlir.ints(op.attrs["dims"])))]
    if name == "stablehlo.iota":
        return [lax.broadcasted_iota(t.dtype, t.shape, int(op.attrs["dim"]))]
    if name == "stablehlo.slice":
        return [_slice(op, vals[0])]
    if name == "stablehlo.pad":
        return [_pad(op, *vals)]
    if name == "stablehlo.concatenate":
        return [lax.concatenate(vals, int(op.attrs["dim"]))]
    if name == "stablehlo.transpose":
        return [lax.transpose(vals[0], tuple(mlir.ints(op.attrs["dims"])))]
    if name == "stablehlo.reverse":
        return [lax.rev(vals[0], tuple(mlir.ints(op.attrs["dims"])))]
    if name == "stablehlo.dynamic_update_slice":
        return [lax.dynamic_update_slice(vals[0], vals[1], vals[2:])]
    if name == "stablehlo.dynamic_slice":
        return [lax.dynamic_slice(vals[0], vals[1:], tuple(mlir.ints(op.attrs["sizes"])))]
    if name == "stablehlo.dot_general":
        return [_dot_general(op, *vals)]
    if name == "stablehlo.gather":
        return [_gather(op, *vals)]
    if name == "stablehlo.scatter":
        return [_scatter(op, *vals)]
    if name == "stablehlo.reduce":
        return _reduce(op, env, vals)
    if name == "stablehlo.while":
        return _while(op, env, vals)
    if name == "stablehlo.sort":
        return _sort(op, env, vals)
    raise _unsupported(op, "no jax.lax equivalent in cuda2hlo.to_jax")


def _eval_op(op, env, fold_only=False):
    vals = [env.get(v) for v in op.operands]
    small = all(int(np.prod(t.shape, dtype=np.int64)) <= FOLD_LIMIT for t in op.types)
    if (op.name == "stablehlo.constant" or
            (vals and small and not op.regions and all(_concrete(v) for v in vals))):
        if op.name == "stablehlo.constant":
            return [_constant(op)]
        with jax.ensure_compile_time_eval():
            return [np.asarray(r) for r in _apply(op, env, vals)]
    if fold_only:
        raise _NotConcrete()
    return _apply(op, env, vals)


def _eval_ops(ops, env, fold_only=False):
    for op in ops:
        outs = _eval_op(op, env, fold_only)
        for name, ty, v in zip(op.results, op.types, outs):
            if tuple(np.shape(v)) != ty.shape or np.dtype(v.dtype) != ty.dtype:
                raise AssertionError(f"cuda2hlo.to_jax: line {op.line}: {op.name} gave "
                                     f"{np.dtype(v.dtype)}{list(np.shape(v))}, the module "
                                     f"says {ty}")
            env.vals[name] = v


def _eval_region(region, env, args):
    e = Env(env)
    for (name, _), v in zip(region.args, args):
        e.vals[name] = v
    _eval_ops(region.ops[:-1], e)
    ret = region.ops[-1]
    assert ret.name.endswith(".return"), ret.name
    return [e.get(v) for v in ret.operands]


def _all_types(region):
    for _, t in region.args:
        yield t
    for op in region.ops:
        yield from op.types
        for r in op.regions:
            yield from _all_types(r)


def check_x64(func):
    """64-bit element types need jax_enable_x64 (else jax narrows them silently)."""
    wide = sorted({t.elem for t in _all_types(func.body) if t.dtype.itemsize == 8})
    if wide and jax.dtypes.canonicalize_dtype(np.float64) != np.float64:
        raise UnsupportedError(
            f"the module uses {', '.join(wide)}: call jax.config.update('jax_enable_x64', "
            f"True) first (without it jax computes in 32 bits)")


def check_ops(func):
    """Every op name is one this file emits (so a module is refused at Module.jax(), not
    halfway through a trace)."""
    known = set(_BINARY) | set(_UNARY) | {
        "stablehlo.constant", "stablehlo.compare", "stablehlo.select", "stablehlo.clamp",
        "stablehlo.convert", "stablehlo.bitcast_convert", "stablehlo.reshape",
        "stablehlo.broadcast_in_dim", "stablehlo.iota", "stablehlo.slice", "stablehlo.pad",
        "stablehlo.concatenate", "stablehlo.transpose", "stablehlo.reverse",
        "stablehlo.dynamic_update_slice", "stablehlo.dynamic_slice", "stablehlo.dot_general",
        "stablehlo.gather", "stablehlo.scatter", "stablehlo.reduce", "stablehlo.while",
        "stablehlo.sort", "stablehlo.return", "func.return"}

    def walk(region):
        for op in region.ops:
            if op.name not in known:
                raise _unsupported(op, "no jax.lax equivalent in cuda2hlo.to_jax")
            for r in op.regions:
                walk(r)
    walk(func.body)


def run(func, args):
    """Evaluate func on a list of (jax or numpy) values: the list of results."""
    return _eval_region(func.body, Env(), args)
