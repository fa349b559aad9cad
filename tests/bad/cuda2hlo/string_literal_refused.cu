// RUN: cuda2hlo %s --grid 1 --block 32 --size out=64 -o %out
// ERROR: string_literal_refused\.cu:14:19: error: only a string literal of chars without a 0 of its own can be read through a pointer
// ERROR: string_literal_refused\.cu:18:23: error: only a string literal of chars without a 0 of its own can be read through a pointer
// ERROR: string_literal_refused\.cu:23:3: error: __constant__ memory is read-only in a kernel
// ERROR: note: in kernel 'embedded_zero'
// ERROR: note: in kernel 'wide'
// ERROR: note: in kernel 'store'
// A string literal read through a pointer is a constant array of its bytes and the
// terminating 0 (tests/kernels/string_literal_ptr.cu), from clang's value of the literal,
// which ends at the first 0: a literal holding a 0 of its own is refused rather than read
// short, as is one of wider characters; a store into a literal (undefined behaviour in
// C++) is refused as one into __constant__ memory.
__global__ void embedded_zero(int *out) {
  const char *s = "ab\0cd";
  out[threadIdx.x] = s[threadIdx.x % 6];
}
__global__ void wide(int *out) {
  const char16_t *s = u"abcd";
  out[threadIdx.x] = s[threadIdx.x % 5];
}
__global__ void store(int *out) {
  char *s = (char *)"abcd";
  s[threadIdx.x % 4] = 'x';
  out[threadIdx.x] = s[0];
}
