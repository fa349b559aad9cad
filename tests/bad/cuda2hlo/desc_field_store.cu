// RUN: cuda2hlo %s --grid 1 --block 32 --size d.a=32 --size d.b=32 --set d.n=32 -o %out/k.mlir
// ERROR: desc_field_store\.cu:18:8: error: a store into field 'n' of a struct in device memory that a pointer parameter points to cannot be translated: its fields are read once when the kernel is launched
// ERROR: note: inlined from a call in kernel 'k' \(device function 'shrink'\)
// A pointer parameter to a descriptor struct in device memory (pointer fields and
// scalars) is the struct's fields as module inputs, read once at launch
// (docs/idioms.md); a store into a field of the struct itself, here in a device
// function the descriptor is passed to, would change what later reads of it see, so it
// is refused where it is. Stores through its pointer fields are fine.
typedef struct {
  float *a, *b;
  int n;
} desc_t;

__device__ void shrink(desc_t *d)
{
  d->a[threadIdx.x] = 1.0f;
  if (threadIdx.x == 0)
    d->n = 4;
}

__global__ void k(desc_t *d)
{
  shrink(d);
  d->b[threadIdx.x] = d->n;
}
