"""runtime.py: the bundled runtime through its C API (runtime/include/cuda2hlo_runtime.h)
with ctypes: module text -> numpy results on backend "cpu", "interp" or "pjrt[:PLUGIN]".
Needs numpy only (no JAX). Every c2h_* handle is destroyed by its owner's close()/__del__.
"""
import ctypes as C
import sys

import numpy as np

from . import _paths

_MAX_RANK = 8
# c2h_dtype enum order -> numpy dtype (bf16 has no numpy dtype: refused)
_ENUM = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
         np.uint64, np.float16, None, np.float32, np.float64]


class RuntimeError_(Exception):
    """A runtime call failed: the C status name and the runtime's message."""


class _ParamInfo(C.Structure):
    _fields_ = [("name", C.c_char_p), ("dtype", C.c_int), ("rank", C.c_int),
                ("dims", C.c_int64 * _MAX_RANK)]


_lib = None


def lib():
    """The loaded library, with argument and result types declared."""
    global _lib
    if _lib is not None:
        return _lib
    L = C.CDLL(_paths.runtime_library())
    P, S, I = C.c_void_p, C.c_size_t, C.c_int
    sig = {
        "c2h_status_name": (C.c_char_p, [I]),
        "c2h_module_create": (I, [C.c_char_p, S, C.c_char_p, C.POINTER(P), C.c_char_p, S]),
        "c2h_module_destroy": (None, [P]),
        "c2h_module_num_params": (I, [P]), "c2h_module_num_results": (I, [P]),
        "c2h_module_param": (I, [P, I, C.POINTER(_ParamInfo)]),
        "c2h_module_result": (I, [P, I, C.POINTER(_ParamInfo)]),
        "c2h_buffer_create": (P, [I, I, C.POINTER(C.c_int64), P, S]),
        "c2h_buffer_destroy": (None, [P]),
        "c2h_buffer_data_const": (P, [P]), "c2h_buffer_nbytes": (S, [P]),
        "c2h_buffer_dtype": (I, [P]), "c2h_buffer_rank": (I, [P]),
        "c2h_buffer_dims": (C.POINTER(C.c_int64), [P]),
        "c2h_session_create": (I, [P, C.c_char_p, C.POINTER(P), C.c_char_p, S]),
        "c2h_session_destroy": (None, [P]),
        "c2h_session_bind_index": (I, [P, I, P]),
        "c2h_session_run": (I, [P]),
        "c2h_session_result": (P, [P, I]),
        "c2h_session_message": (C.c_char_p, [P]),
        "c2h_session_device_asserts": (P, [P]), "c2h_session_device_output": (P, [P]),
    }
    for name, (res, args) in sig.items():
        fn = getattr(L, name)
        fn.restype, fn.argtypes = res, args
    _lib = L
    return L


def _check_asserts(s):
    """Raises when a device assert, or a run-time bounds check of --oob-check, failed in
    the run: its results are then not those of a valid launch (cuda2hlo-run exits 1)."""
    msg = _take_string(lib().c2h_session_device_asserts(s))
    if msg is not None:
        raise RuntimeError_(f"device check failed (no results): {msg.strip()}")
    out = _take_string(lib().c2h_session_device_output(s))
    if out:              # what the kernels' printf printed, as CUDA prints it
        sys.stdout.write(out)
        sys.stdout.flush()


def _take_string(p):
    """The text of a string the runtime allocated (None for NULL), freed."""
    if not p:
        return None
    text = C.string_at(p).decode(errors="replace")
    libc = C.CDLL(None)
    libc.free.argtypes = [C.c_void_p]
    libc.free(p)
    return text


def _fail(st, msg):
    name = lib().c2h_status_name(st).decode()
    return RuntimeError_(f"{name}: {msg}")


def dtype_of(enum):
    if enum >= len(_ENUM) or _ENUM[enum] is None:
        raise RuntimeError_(f"element type {enum} has no numpy dtype")
    return np.dtype(_ENUM[enum])


def enum_of(dtype):
    for i, d in enumerate(_ENUM):
        if d is not None and np.dtype(d) == dtype:
            return i
    raise RuntimeError_(f"dtype {dtype} has no runtime element type")


class RtModule:
    """A parsed and verified module (c2h_module)."""

    def __init__(self, text, filename="<module>"):
        L, self.h = lib(), None
        h, msg = C.c_void_p(), C.create_string_buffer(1024)
        raw = text.encode()
        st = L.c2h_module_create(raw, len(raw), filename.encode(), C.byref(h), msg, 1024)
        if st != 0:
            raise _fail(st, msg.value.decode())
        self.h = h
        self.sessions = {}

    def signature(self):
        """([(name, dtype, shape)] params, [...] results)."""
        L, info = lib(), _ParamInfo()

        def one(get, i):
            st = get(self.h, i, C.byref(info))
            if st != 0:
                raise _fail(st, f"parameter {i}")
            return (info.name.decode(), dtype_of(info.dtype), tuple(info.dims[:info.rank]))
        return ([one(L.c2h_module_param, i) for i in range(L.c2h_module_num_params(self.h))],
                [one(L.c2h_module_result, i) for i in range(L.c2h_module_num_results(self.h))])

    def session(self, backend):
        s = self.sessions.get(backend)
        if s is None:
            h, msg = C.c_void_p(), C.create_string_buffer(1024)
            st = lib().c2h_session_create(self.h, backend.encode(), C.byref(h), msg, 1024)
            if st != 0:
                raise _fail(st, msg.value.decode())
            s = self.sessions[backend] = h
        return s

    def run(self, arrays, backend):
        """arrays: C-contiguous numpy arrays of the parameters' types, in order."""
        L = lib()
        s = self.session(backend)
        bufs = []
        try:
            for i, a in enumerate(arrays):
                dims = (C.c_int64 * max(a.ndim, 1))(*a.shape)
                b = L.c2h_buffer_create(enum_of(a.dtype), a.ndim, dims,
                                        a.ctypes.data_as(C.c_void_p), a.nbytes)
                if not b:
                    raise RuntimeError_("C2H_ENOMEM: cannot create a buffer")
                bufs.append(b)
                st = L.c2h_session_bind_index(s, i, b)
                if st != 0:
                    raise _fail(st, L.c2h_session_message(s).decode())
            st = L.c2h_session_run(s)
            if st != 0:
                raise _fail(st, L.c2h_session_message(s).decode())
            _check_asserts(s)
            return [self._result(s, i) for i in range(L.c2h_module_num_results(self.h))]
        finally:
            for b in bufs:
                L.c2h_buffer_destroy(b)

    def _result(self, s, i):
        L = lib()
        b = L.c2h_session_result(s, i)
        dt = dtype_of(L.c2h_buffer_dtype(b))
        rank = L.c2h_buffer_rank(b)
        dims = L.c2h_buffer_dims(b)
        shape = tuple(dims[k] for k in range(rank))
        n = L.c2h_buffer_nbytes(b)
        raw = C.string_at(L.c2h_buffer_data_const(b), n)
        return np.frombuffer(raw, dtype=dt).reshape(shape).copy()

    def close(self):
        if getattr(self, "h", None):
            L = lib()
            for s in self.sessions.values():
                L.c2h_session_destroy(s)
            self.sessions = {}
            L.c2h_module_destroy(self.h)
            self.h = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass
