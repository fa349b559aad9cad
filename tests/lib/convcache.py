"""convcache.py: one conversion per (cuda2hlo binary, inputs, flags) across the test runners.

exec_run, exec_run_interp, exec_run_pjrt and raise_counts each convert every corpus launch
with the same binary and the same flags; under `make asan` that conversion is most of their
time. run(exe, args, timeout) runs `exe args...` once and keeps what it produced (exit
status, stdout, stderr and its `-o` file; cuda2hlo writes nothing else for one module)
under the build folder; a later call with the same key gets them back without running it.

The key is exact, never a guess: the binary's bytes (a rebuilt cuda2hlo misses), every
argument (the `-o` path reduced to its extension), the bytes of every argument that names
a file, and of every file those include with `#include "..."` (found beside the including
file or in a `-I` folder of the arguments; one that cannot be found turns the cache off for
that call). Headers in `<...>` are the bundled ones (inside the binary) or the system's.
Only exit statuses 0 and 1 without a sanitizer report are kept (a crash, a timeout or an
ASan/UBSan report runs again, and fails again, in every runner).

It is on only where CUDA2HLO_CONV_CACHE names a folder: ctest sets BUILD/conv-cache for the
corpus runners (tests/exec/CMakeLists.txt); a converter whose output depends on anything
else (the fake of runner_test.py reads FAKE_BUG) runs without it. The entries of the three
most recently used binaries are kept.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

KEEP_BINARIES = 3
INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.M)
SANITIZER = re.compile(r"Sanitizer|runtime error:")   # a report under `make asan`: not kept
_bin_hash = {}


def _file_hash(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _binary(exe):
    st = os.stat(exe)
    k = (os.path.realpath(exe), st.st_mtime_ns, st.st_size)
    if k not in _bin_hash:
        _bin_hash[k] = _file_hash(exe)
    return _bin_hash[k]


def _sources(path, idirs, h, seen):
    """Feeds path's bytes and its quoted includes' into h; False when one is not found."""
    path = os.path.realpath(path)
    if path in seen:
        return True
    seen.add(path)
    with open(path, "rb") as f:
        data = f.read()
    h.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    for m in INCLUDE.finditer(data):
        name = m.group(1).decode(errors="replace")
        for d in [os.path.dirname(path)] + idirs:
            cand = os.path.join(d, name)
            if os.path.isfile(cand):
                if not _sources(cand, idirs, h, seen):
                    return False
                break
        else:
            return False
    return True


def _key(exe, args):
    """(binary hash, entry key, index of the -o value) or None when it cannot be exact."""
    h = hashlib.sha256()
    idirs = [a[2:] for a in args if a.startswith("-I") and len(a) > 2]
    idirs += [args[i + 1] for i, a in enumerate(args[:-1]) if a == "-I"]
    out_i, seen = None, set()
    for i, a in enumerate(args):
        if i > 0 and args[i - 1] == "-o":
            out_i = i
            h.update(b"-o *" + os.path.splitext(a)[1].encode() + b"\0")
            continue
        h.update(a.encode() + b"\0")
        if os.path.isfile(a) and not _sources(a, idirs, h, seen):
            return None
    return _binary(exe), h.hexdigest(), out_i


def _root(exe):
    env = os.environ.get("CUDA2HLO_CONV_CACHE", "")
    return None if env in ("", "0") else env


def _prune(root, current):
    """Keeps the entries of the KEEP_BINARIES most recently used binaries."""
    try:
        dirs = sorted((os.path.join(root, d) for d in os.listdir(root) if d != current),
                      key=os.path.getmtime, reverse=True)
    except OSError:
        return
    for d in dirs[KEEP_BINARIES - 1:]:
        shutil.rmtree(d, ignore_errors=True)


def run(exe, args, timeout, env=None):
    """`exe args...` (text output), from the cache when the same conversion ran before."""
    root = _root(exe)
    key = _key(exe, args) if root else None
    if key is None:
        return subprocess.run([exe] + args, capture_output=True, text=True, timeout=timeout, env=env)
    binh, k, out_i = key
    bdir = os.path.join(root, binh[:24])
    entry = os.path.join(bdir, k[:40])
    out = args[out_i] if out_i is not None else None
    meta = os.path.join(entry, "meta.json")
    os.makedirs(bdir, exist_ok=True)
    lock = _claim(entry + ".lock", meta, timeout)
    try:
        if os.path.isfile(meta):
            with open(meta) as f:
                m = json.load(f)
            if m["out"] and out:      # the -o output, under the name this call gave it
                shutil.copy(os.path.join(entry, "out"), out)
            os.utime(bdir)
            return subprocess.CompletedProcess([exe] + args, m["returncode"], m["stdout"], m["stderr"])
        r = _convert(exe, args, timeout, env, out, bdir, entry)
    finally:
        if lock:
            os.unlink(lock)
    _prune(root, binh[:24])
    return r


def _claim(lock, meta, timeout):
    """The lock's path once this call holds it; None when the entry appeared meanwhile
    (another runner converted it) or the holder gave up without keeping one (then this
    call runs it, unlocked). ctest runs the runners side by side: without it both would
    convert each launch."""
    deadline = time.monotonic() + timeout + 30
    while True:
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            return lock
        except FileExistsError:
            pass
        if os.path.isfile(meta):
            return None
        try:
            if time.time() - os.path.getmtime(lock) > timeout + 30:
                os.unlink(lock)       # left by a runner that was killed
                continue
        except OSError:
            continue                  # released just now: try again
        if time.monotonic() > deadline:
            return None
        time.sleep(0.05)


def _convert(exe, args, timeout, env, out, bdir, entry):
    r = subprocess.run([exe] + args, capture_output=True, text=True, timeout=timeout, env=env)
    if r.returncode not in (0, 1) or SANITIZER.search(r.stderr) or \
            out and os.path.isdir(out):   # -o DIR: a module per kernel inside it; not kept
        return r
    has_out = bool(out) and os.path.isfile(out)
    tmp = tempfile.mkdtemp(dir=bdir, prefix=".new-")
    if has_out:
        shutil.copy(out, os.path.join(tmp, "out"))
    with open(os.path.join(tmp, "meta.json"), "w") as f:
        json.dump({"returncode": r.returncode, "stdout": r.stdout, "stderr": r.stderr,
                   "out": has_out}, f)
    try:
        os.rename(tmp, entry)         # atomic; another runner may have stored it first
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
    return r
