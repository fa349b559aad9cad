// RUN: cuda2hlo %s --grid 1 --block 32 --size d.a=32 --size d.b=32 --set d.n=32 -o %out/k.mlir
// ERROR: desc_other_element\.cu:19:15: error: 'd' points to a struct in device memory whose fields are read when the kernel is launched: only reads of its fields \(d->f, \(\*d\)\.f, d\[0\]\.f\) and passing it to a device function can be translated, not this use
// ERROR: note: in kernel 'k'
// A descriptor pointer parameter (docs/idioms.md) stands for one struct, the one it
// points to: `d[0].a` is its field, `d[1].a` a field of a struct past it, which is no
// input of the module, so it is refused at the use (as are `d + 1`, `d++`, `if (d)`).
typedef struct {
  float *a, *b;
  int n;
} desc_t;

__global__ void k(desc_t *d)
{
  int i = threadIdx.x;

  if (i < d[0].n)
    d[0].a[i] = 2.0f * d->b[i];
  if (i < 4)
    d->b[i] = d[1].a[i];
}
