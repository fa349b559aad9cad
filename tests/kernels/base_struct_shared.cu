/* cuda2hlo-test
launch: base_struct_shared<<<4, 64>>>(x, sums, counts, out, n)
buffer: x f32 4*64 uniform -8 8
buffer: sums f32 4 zeros
buffer: counts i32 4 zeros
buffer: out f32 4*64 zeros
scalar: n = 250
check: sums rtol=0 atol=0
check: counts
check: out rtol=0 atol=0
note: __shared__ structs deriving from a base, cub TempStorage style: one with a slot
note: layout (a scratch array and a total in the base, a scale after them: one shared
note: buffer), one without (a pointer and a counter in the base: one shared buffer per
note: field); a block sum in thread-rank order, an atomic counter; exact bit for bit
*/
// Block collectives keep their scratch in a __shared__ "temporary storage" struct that
// derives from a base holding the raw storage (cub's TempStorage : Uninitialized<...>;
// HeCBench blockAccess-cuda, blockexchange-cuda and quantBnB-cuda copy that idiom). A
// derived struct is its base's fields followed by its own.
struct Scratch {
  float part[64];
  float total;
};

struct ReduceStorage : Scratch {
  float scale;
};

struct Source {
  const float *src;
  int len;
  int count;
};

struct Job : Source {
  float bias;
};

__global__ void base_struct_shared(const float *x, float *sums, int *counts, float *out, int n) {
  __shared__ ReduceStorage st;
  __shared__ Job job;
  int t = threadIdx.x;
  int b = blockIdx.x;
  if (t == 0) {
    job.count = 0;
    st.scale = 0.5f * (b + 1);
    job.src = x + b * 64;
    job.len = n - b * 64 < 64 ? n - b * 64 : 64;
    job.bias = (float)b - 1.5f;
  }
  __syncthreads();
  float v = t < job.len ? job.src[t] : 0.0f;
  st.part[t] = v * st.scale;
  if (v > 0.0f)
    atomicAdd(&job.count, 1);
  __syncthreads();
  if (t == 0) {
    float s = 0.0f;
    for (int i = 0; i < 64; i++)
      s += st.part[i];
    st.total = s;
  }
  __syncthreads();
  if (t == 0) {
    sums[b] = st.total;
    counts[b] = job.count;
  }
  out[b * 64 + t] = st.part[63 - t] + st.total + job.bias + (float)job.len;
}
