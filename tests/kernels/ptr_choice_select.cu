/* cuda2hlo-test
launch: ptr_choice_select<<<4, 64>>>(kc, vc, kin, vin, loc, endo, epi, out, e)
buffer: kc u64 384 zeros
buffer: vc u64 384 zeros
buffer: kin u64 384 randint 0 1000000
buffer: vin u64 384 randint 0 1000000
buffer: loc i32 4 randint 0 2
buffer: endo f32 512 uniform -2 2
buffer: epi f32 512 uniform -2 2
buffer: out f32 512 zeros
scalar: e = 2
check: kc
check: vc
check: endo rtol=0 atol=0
check: epi rtol=0 atol=0
check: out rtol=0 atol=0
note: pointers initialised with `c ? A : B` between buffers, stored and loaded through:
note: the first half of each warp copies keys and the second half values, each through
note: a destination and a source chosen so and moved from there (HeCBench storeKVCache);
note: points of a block below e in one array, the others in another, chosen with
note: `c ? &A[k] : &B[k]` and updated in place (HeCBench heartwall); a `?:` between two
note: offsets of one buffer; the buffers not chosen keep their values; exact bit for bit
*/
__global__ void ptr_choice_select(unsigned long long *kc, unsigned long long *vc, const unsigned long long *kin,
                                  const unsigned long long *vin, const int *loc, float *endo, float *epi,
                                  float *out, int e) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int w = i / 32, lane = i % 32;

  // warps 2m and 2m+1 write slots 2m and 2m+1 of the caches, in an order the data picks
  int slot = w ^ (loc[w >> 1] & 1);
  bool copy_k = lane < 16;
  int id = lane % 16;
  unsigned long long *cache = copy_k ? kc : vc;
  const unsigned long long *input = copy_k ? kin : vin;
  unsigned long long *dst = cache + slot * 48;
  const unsigned long long *src = input + w * 48;
  for (int j = 0; j < 3; j++)
    dst[id + j * 16] = src[id + j * 16] * 3ull + (unsigned long long)(j + lane);

  // two elements per thread, in endo for the blocks below e, else in epi
  int b = blockIdx.x;
  int k = b < e ? i : i - e * 64;
  float *in = b < e ? &endo[k * 2] : &epi[k * 2 + 128];
  in[1] = in[0] * 0.5f - in[1];
  in[0] += 1.0f + (float)b;

  // one buffer, two offsets
  float *p = (i & 1) ? out + i : out + 256 + i;
  *p = in[1] + (float)lane;
}
