/* cuda2hlo-test
launch: block_total<<<5, 64>>>(x, tot, n)
launch: lead_rows<<<5, 64>>>(x, y, n)
launch: gid_copy<<<5, 64>>>(x, z, n)
buffer: x f32 320 uniform -1 1
buffer: tot f32 5 zeros
buffer: y f32 320 zeros
buffer: z f32 320 zeros
scalar: n = 300
check: tot rtol=1e-5 atol=1e-5
check: y
check: z
*/
// Values set under a test of a launch index and read under the same test written through
// a local copy of the index (`const int tid = threadIdx.x; ... if (tid == 0)`), as
// cub-style block reductions do: the definite-assignment check (src/frontend/assigned.c)
// sees that a local declared once from the launch alone and never assigned holds that
// value, and compares index tests by the values they leave the index, whatever their
// type or form (`tid < 2` under `threadIdx.x < 8u`, `4 > tid`). cuda2hlo converts these
// kernels without a warning (tests/bad/cuda2hlo/assigned_index_copy.case).
__global__ void block_total(const float *x, float *tot, int n) {
  __shared__ float part[64];
  const int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  part[tid] = i < n ? x[i] : 0.0f;
  __syncthreads();
  float total;                       // the block's sum, in thread 0 only
  if (threadIdx.x == 0) {
    total = 0.0f;
    for (int k = 0; k < 64; k++)
      total += part[k];
  }
  if (tid == 0)
    tot[blockIdx.x] = total;
}

__global__ void lead_rows(const float *x, float *y, int n) {
  const int tid = threadIdx.x;
  const unsigned lane = tid;         // a copy of a copy
  float head, low;
  if (threadIdx.x < 8u)
    head = x[blockIdx.x * 64] + 1.0f;
  if (lane >= 16)
    low = 2.0f;
  else
    low = -2.0f;
  int i = blockIdx.x * blockDim.x + tid;
  if (tid < 2 && i < n)
    y[i] = head * low;
  if (4 > tid && tid >= 2 && i < n)
    y[i] = head - 3.0f;
}

__global__ void gid_copy(const float *x, float *z, int n) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  if ((int)(blockIdx.x * blockDim.x + threadIdx.x) < n)
    v = x[gid] * 3.0f;
  if (gid < n)
    z[gid] = v;
}
