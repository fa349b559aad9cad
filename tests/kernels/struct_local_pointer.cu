/* cuda2hlo-test
launch: struct_local_pointer<<<2, 32>>>(q, out, n)
buffer: q u8 64x4 randint 0 256
buffer: out u32 64*2 zeros
scalar: n = 61
check: out rtol=0 atol=0
note: local pointers to structs held in variables (`const Nib *p = &quad.b`, a same-type
note: cast `(Nib *)&quad.c`): their member functions and fields read the struct's fields,
note: and a setter called through one changes the struct that is read afterwards
*/
// Packed 4-bit values with accessor methods, unpacked through pointers to the fields of a
// struct loaded from memory, as quantized GEMV kernels do.
struct Nib {
  unsigned char data;
  __device__ unsigned lo() const { return data & 0x0F; }
  __device__ unsigned hi() const { return (data >> 4) & 0x0F; }
  __device__ void set_hi(unsigned v) { data = (unsigned char)((data & 0x0F) | ((v & 0x0F) << 4)); }
};
struct Quad {
  Nib a, b, c, d;
};

__global__ void struct_local_pointer(const Quad *q, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Quad v = q[i];
  const Nib *pb = &v.b;
  Nib *pc = (Nib *)&v.c;
  const Nib *pd = (const Nib *)&v.d;
  unsigned s = v.a.lo() + 16u * pb->hi() + 256u * pc->lo() + 4096u * pd->data;
  pc->set_hi(i);
  out[2 * i] = s;
  out[2 * i + 1] = v.c.data + 1000u * pc->hi() + 7u * (*pb).lo();
}
