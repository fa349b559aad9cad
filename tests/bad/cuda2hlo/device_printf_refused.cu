// RUN: cuda2hlo %s --grid 2 --block 32 --size x=64 -o %out/k.mlir
// ERROR: device_printf_refused\.cu:20:3: error: device printf: the conversion '%\*d' is not supported
// ERROR: device_printf_refused\.cu:21:3: error: device printf: the conversion '%n' is not supported
// ERROR: device_printf_refused\.cu:22:3: error: device printf: the conversion '%p' is not supported
// ERROR: device_printf_refused\.cu:23:23: error: device printf: a %s argument that is not a string literal cannot be translated
// ERROR: device_printf_refused\.cu:24:18: error: device printf: '%d' cannot print an argument of this type \(a floating-point value\)
// ERROR: device_printf_refused\.cu:25:18: error: device printf: '%f' cannot print an argument of this type \(an integer\)
// ERROR: device_printf_refused\.cu:26:3: error: device printf: the format has more conversions than arguments
// ERROR: device_printf_refused\.cu:27:21: error: device printf: more arguments than the format converts
// ERROR: device_printf_refused\.cu:28:3: error: device printf: the format must be a string literal
// ERROR: device_printf_refused\.cu:30:5: error: device printf inside a loop cannot be translated
// A device printf prints through the module's outputs (a record per thread and call site,
// formatted by the host); what that cannot carry exactly is refused where it stands: a '*'
// width, %n, %p, a %s of a non-literal, a conversion of the other class than its argument,
// argument counts that do not match the format, a format that is not a literal, a printf
// in a loop.
#include <cstdio>

__global__ void talk(float *x, const char *name, const char *fmt, int n, int w) {
  printf("%*d\n", w, n);
  printf("%n\n", &n);
  printf("%p\n", x);
  printf("name %s\n", name);
  printf("%d\n", x[0]);
  printf("%f\n", n);
  printf("%d %d\n", n);
  printf("%d\n", n, n);
  printf(fmt, n);
  for (int i = 0; i < n; i++)
    printf("%d\n", i);
  x[threadIdx.x] = 1.0f;
}
