"""devprint.py: the text of a module's device printf sites, for the test runner.

A second implementation of runtime/printf.c (the frontend's printf.c writes the
description): `desc` is the module attribute cuda2hlo.printf (or the `/* cuda2hlo.printf:
... */` line of --emit c): the geometry `GX GY GZ BX BY BZ;`, then per site
`p BUFFER TYPES HEXFORMAT;` (a device assert: `a BUFFER - HEXMESSAGE;`, the flag
alone; a run-time bounds check: `o BUFFER - HEXMESSAGE;`, one i64 for the launch, the
thread count minus the linear id of the first thread out of bounds, 0 none). Each site's buffer holds one i64 record per thread (linear
order, block-major), the fired flag then the promoted arguments. Each conversion is
formatted by the C library's snprintf (through ctypes), so the text is what C prints.
"""
import ctypes
import re

import numpy as np

_libc = ctypes.CDLL(None)
_CONV = re.compile(r"%[-+ #0]*[0-9]*(?:\.[0-9]*)?(hh|h|ll|l|j|z|t)?([diuxXocfFeEgGaA%])")


def sites(desc):
    """(threads, [(buffer, types, format bytes)])."""
    items = [s for s in desc.split(";") if s]
    g = [int(x) for x in items[0].split()]
    n = 1
    for x in g:
        n *= max(x, 1)
    out = []
    for it in items[1:]:
        kind, buf, types, hexfmt = it.split(" ")
        if kind not in ("p", "a", "o"):
            raise ValueError(f"unknown device output site kind '{kind}'")
        out.append((buf, "" if types == "-" else types, bytes.fromhex(hexfmt), kind))
    return n, out


def sizes(desc):
    """buffer name -> element count."""
    n, ss = sites(desc)
    return {b: 1 if k == "o" else n * (1 + len(t)) for b, t, _, k in ss}


def asserts(desc, buffers):
    """The number of threads whose device assert failed (records of kind a)."""
    n, ss = sites(desc)
    fired = np.zeros(n, bool)
    for b, t, _, kind in ss:
        if kind == "a":
            fired |= np.asarray(buffers[b]).astype(np.int64).reshape(n) != 0
        elif kind == "o" and int(np.asarray(buffers[b]).reshape(-1)[0]) > 0:
            who = int(np.asarray(buffers[b]).reshape(-1)[0])
            who = who >> 32 if t else who     # types i/u: the index in the low 32 bits
            fired[max(n - who, 0)] = True
    return int(fired.sum())


def _one(spec, length, conv, v):
    buf = ctypes.create_string_buffer(1024)
    if conv in "fFeEgGaA":
        arg = ctypes.c_double(np.array([v], np.int64).view(np.float64)[0])
    elif conv in "di":
        arg = ctypes.c_longlong(v) if length in ("ll", "j", "z", "t") else \
            ctypes.c_long(v) if length == "l" else ctypes.c_int(np.int64(v).astype(np.int32))
    elif conv == "c":
        arg = ctypes.c_int(np.int64(v).astype(np.int32))
    else:
        u = int(np.int64(v).astype(np.uint64))
        arg = ctypes.c_ulonglong(u) if length in ("ll", "j", "z", "t") else \
            ctypes.c_ulong(u) if length == "l" else ctypes.c_uint(u & 0xffffffff)
    n = _libc.snprintf(buf, ctypes.c_size_t(1024), spec, arg)
    return buf.raw[:min(n, 1023)]


def text(desc, buffers):
    """The printed bytes; buffers: name -> array of the site's records (i64)."""
    n, ss = sites(desc)
    recs = [np.asarray(buffers[b]).astype(np.int64).reshape(n, 1 + len(t)) if k == "p" else None
            for b, t, _, k in ss]
    out = []
    for th in range(n):
        for (b, t, fmt, kind), r in zip(ss, recs):
            if kind != "p" or not r[th, 0]:
                continue
            k, pos = 0, 0
            for m in _CONV.finditer(fmt.decode("latin-1")):
                out.append(fmt[pos:m.start()])
                pos = m.end()
                if m.group(2) == "%":
                    out.append(b"%")
                    continue
                out.append(_one(fmt[m.start():m.end()], m.group(1), m.group(2), int(r[th, 1 + k])))
                k += 1
            out.append(fmt[pos:])
    return b"".join(out).decode("latin-1")
