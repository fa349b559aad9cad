/* cuda2hlo-test
launch: struct_ref_memory<<<2, 64>>>(x, ps, nodes, out, n)
buffer: x f32 2*64 uniform -8 8
buffer: ps f32 128x2 uniform -4 4
buffer: nodes f32 128x3 uniform -4 4
buffer: out f32 2*64*3 zeros
scalar: n = 120
check: ps rtol=0 atol=0
check: nodes rtol=0 atol=0
check: out rtol=0 atol=0
note: struct reference parameters bound to structs in memory (a __shared__ struct with a
note: slot layout, an element of a global array of structs, a struct nested in one, at
note: `a[i].in` and `(a + i)->in`): the callee's stores reach
note: the memory, its reads after a barrier see other threads' stores; a cub-style
note: TempStorage (a derived struct) passed by reference to a collective's constructor;
note: exact bit for bit
*/
// Device functions take their state by reference: a block's accumulator in shared memory
// (`void add(Acc &a, float v)`), an element of an array of structs (`step(ps[i])`), a
// collective's temporary storage (`Loader(temp_storage)`, HeCBench blockAccess-cuda and
// quantBnB-cuda after cub). The reference is the object, not a copy of its fields.
struct Acc {
  float sum;
  float top;
};

__device__ void add(Acc &a, float v) {
  a.sum += v;
  if (v > a.top)
    a.top = v;
}

// reads after a barrier inside the callee: what thread 0 stored after the call began
__device__ float settle(const Acc &a, float v) {
  __syncthreads();
  return a.sum + a.top - v;
}

struct Pt {
  float p, q;
};

__device__ void step(Pt &e, float h) {
  e.p += h * 2.0f;
  e.q = e.p - e.q;
}

struct Node {
  float w;
  Pt in;
};

template <class T> struct Raw {
  unsigned int words[sizeof(T) / 4];
};

struct Loader {
  struct Inner {
    int unused;
  };
  struct TempStorage : Raw<Inner> {};
  int tid;
  __device__ Loader(TempStorage &) : tid(threadIdx.x) {}
  __device__ float Load(const float *p) { return p[tid] + p[63 - tid]; }
};

__global__ void struct_ref_memory(const float *x, Pt *ps, Node *nodes, float *out, int n) {
  __shared__ Acc acc;
  __shared__ Loader::TempStorage ts;
  int t = threadIdx.x, b = blockIdx.x, i = b * 64 + t;
  float v = x[i];
  if (t == 0) {
    acc.sum = 0.0f;
    acc.top = -100.0f;
  }
  __syncthreads();
  if (t == 0)
    for (int k = 0; k < 64; k++)
      add(acc, x[b * 64 + k]);
  out[i * 3] = settle(acc, v);
  if (i < n) {
    step(ps[i], v);
    step(nodes[i].in, nodes[i].w);
  } else {
    step((nodes + i)->in, v);
  }
  out[i * 3 + 1] = Loader(ts).Load(x + b * 64);
  out[i * 3 + 2] = acc.top;
}
