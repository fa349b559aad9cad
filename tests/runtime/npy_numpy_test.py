"""npy_numpy_test.py NPY_COPY: numpy is the oracle for runtime/npy.c.

For every supported dtype, several shapes and every format version numpy writes, numpy
saves an array, npy_copy (runtime/npy.c) reads it, reports dtype and shape, and writes it
back; numpy loads the copy and it must equal the original bit for bit. Also checks that
what numpy refuses to give us (big-endian, Fortran order, complex) is refused with a
message. Closing line: N passed, N failed."""
import os
import subprocess
import sys
import tempfile

import numpy as np

COPY = sys.argv[1]
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
          "uint64", "float16", "float32", "float64"]
SHAPES = [(), (0,), (1,), (7,), (3, 4), (2, 3, 5), (1, 0, 2)]
passed = failed = 0


def result(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


def sample(dtype, shape, rng):
    n = int(np.prod(shape))
    if dtype == "bool":
        return (rng.integers(0, 2, n) == 1).reshape(shape)
    if dtype.startswith(("int", "uint")):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True).reshape(shape)
    # floats: random bits, so NaNs, infinities, subnormals and -0 all appear.
    width = np.dtype(dtype).itemsize
    bits = rng.integers(0, 2 ** (8 * width) - 1, n, dtype="uint%d" % (8 * width), endpoint=True)
    return bits.view(dtype).reshape(shape)


def roundtrip(tmp, arr, version, tag):
    src, dst = os.path.join(tmp, "in.npy"), os.path.join(tmp, "out.npy")
    with open(src, "wb") as f:
        np.lib.format.write_array(f, arr, version=version)
    p = subprocess.run([COPY, src, dst], capture_output=True, text=True)
    if p.returncode != 0:
        result(False, "%s: npy_copy failed: %s" % (tag, p.stderr.strip()))
        return
    want = "%s %d%s" % (arr.dtype.name, arr.ndim, "".join(" %d" % d for d in arr.shape))
    result(p.stdout.strip() == want, "%s: read as '%s', want '%s'" % (tag, p.stdout.strip(), want))
    back = np.load(dst)
    same = back.dtype == arr.dtype and back.shape == arr.shape and back.tobytes() == arr.tobytes()
    result(same, "%s: numpy reads back a different array" % tag)


def refused(tmp, arr, fortran, fragment, tag):
    src = os.path.join(tmp, "bad.npy")
    with open(src, "wb") as f:
        np.lib.format.write_array(f, np.asfortranarray(arr) if fortran else arr)
    p = subprocess.run([COPY, src, os.path.join(tmp, "x.npy")], capture_output=True, text=True)
    result(p.returncode == 1 and fragment in p.stderr, "%s: got rc %d, '%s'" % (tag, p.returncode, p.stderr.strip()))


def main():
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as tmp:
        for dtype in DTYPES:
            for shape in SHAPES:
                for version in [(1, 0), (2, 0), (3, 0)]:
                    roundtrip(tmp, sample(dtype, shape, rng), version, "%s %s v%d" % (dtype, shape, version[0]))
        refused(tmp, np.arange(4, dtype=">f4"), False, "big-endian", "big-endian f4")
        refused(tmp, np.arange(6, dtype="<i4").reshape(2, 3), True, "Fortran", "fortran order")
        refused(tmp, np.zeros(2, dtype="complex64"), False, "unsupported dtype", "complex64")
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main()
