/* npy.h: the oracle driver's .npy reader and writer (C++).
 *
 * Reads format versions 1 to 3, little-endian, C order; checks the dtype and
 * the element count against what the test block declares and exits with a
 * message on any mismatch. Writes version 1 files, 1-D. Independent of the
 * runtime's reader so that the oracle shares no code with src/ or runtime/. */
#ifndef CUEMU_NPY_H
#define CUEMU_NPY_H

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace cuemu {

[[noreturn]] inline void npy_fail(const std::string &path, const std::string &why) {
  fprintf(stderr, "cuemu: %s: %s\n", path.c_str(), why.c_str());
  exit(71);
}

/* The value of key `key` in the header dict, as raw text. */
inline std::string npy_field(const std::string &h, const char *key) {
  std::string k = std::string("'") + key + "'";
  size_t p = h.find(k);
  if (p == std::string::npos) return "";
  p = h.find(':', p + k.size());
  if (p == std::string::npos) return "";
  p++;
  while (p < h.size() && h[p] == ' ') p++;
  size_t e = p;
  if (h[p] == '(') e = h.find(')', p) + 1;
  else if (h[p] == '\'') e = h.find('\'', p + 1) + 1;
  else while (e < h.size() && h[e] != ',' && h[e] != '}') e++;
  return h.substr(p, e - p);
}

/* Load path into a fresh 256-byte aligned buffer of `count` elements of
 * dtype descr (e.g. "<f4"), element size esize. */
inline void *npy_load(const std::string &path, const char *descr, size_t esize, size_t count) {
  FILE *f = fopen(path.c_str(), "rb");
  if (!f) npy_fail(path, "cannot open");
  unsigned char pre[10];
  if (fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY", 6) != 0) npy_fail(path, "not a .npy file");
  size_t hlen;
  if (pre[6] == 1) {
    hlen = pre[8] | (size_t)pre[9] << 8;
  } else if (pre[6] == 2 || pre[6] == 3) {
    unsigned char b[2];
    if (fread(b, 1, 2, f) != 2) npy_fail(path, "short header");
    hlen = pre[8] | (size_t)pre[9] << 8 | (size_t)b[0] << 16 | (size_t)b[1] << 24;
  } else {
    npy_fail(path, "unknown .npy version");
  }
  std::string h(hlen, '\0');
  if (fread(&h[0], 1, hlen, f) != hlen) npy_fail(path, "short header");
  std::string d = npy_field(h, "descr"), fo = npy_field(h, "fortran_order"), sh = npy_field(h, "shape");
  std::string want = std::string("'") + descr + "'";
  std::string alt = want;
  if (want[1] == '|' || want[1] == '<') alt[1] = want[1] == '|' ? '<' : '|';
  if (d != want && d != alt) npy_fail(path, "dtype " + d + ", expected " + want);
  if (fo != "False") npy_fail(path, "Fortran order is not supported");
  size_t n = 1;
  for (size_t i = 1; i + 1 < sh.size();) {
    while (i < sh.size() && (sh[i] == ' ' || sh[i] == ',')) i++;
    if (i + 1 >= sh.size()) break;
    n *= strtoull(sh.c_str() + i, nullptr, 10);
    while (i < sh.size() && sh[i] >= '0' && sh[i] <= '9') i++;
  }
  if (n != count) npy_fail(path, std::to_string(n) + " elements, expected " + std::to_string(count));
  size_t bytes = (esize * count + 255) / 256 * 256;
  void *p = aligned_alloc(256, bytes + 256);
  if (!p) npy_fail(path, "out of memory");
  memset(p, 0, bytes + 256);
  if (fread(p, esize, count, f) != count) npy_fail(path, "short data");
  fclose(f);
  return p;
}

inline void npy_save(const std::string &path, const char *descr, const void *data, size_t esize, size_t count) {
  std::string h = std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': (" +
                  std::to_string(count) + ",), }";
  size_t total = 10 + h.size() + 1;
  h.append((64 - total % 64) % 64, ' ');
  h += '\n';
  std::string tmp = path + ".tmp";
  FILE *f = fopen(tmp.c_str(), "wb");
  if (!f) npy_fail(path, "cannot write");
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0,
                           (unsigned char)(h.size() & 0xff), (unsigned char)(h.size() >> 8)};
  fwrite(pre, 1, 10, f);
  fwrite(h.data(), 1, h.size(), f);
  if (fwrite(data, esize, count, f) != count || fclose(f) != 0) npy_fail(path, "write failed");
  if (rename(tmp.c_str(), path.c_str()) != 0) npy_fail(path, "rename failed");
}

} /* namespace cuemu */

#endif /* CUEMU_NPY_H */
