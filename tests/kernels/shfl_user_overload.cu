/* cuda2hlo-test
launch: shfl_user_overload<<<2, 64>>>(x, sum, first)
buffer: x f32 128x4 uniform -1 1
buffer: sum f32 128x4 zeros
buffer: first f32 128 zeros
check: sum rtol=1e-5 atol=1e-5
check: first rtol=0 atol=0
note: a program's own function named like a CUDA intrinsic (`__shfl_down` of a
note: float4, as older code overloads the deprecated shuffle) is inlined, not taken
note: for the intrinsic; its width is an unsigned parameter with a default value
*/
// A float4 overload of the shuffle, the way reduction code from before the _sync
// intrinsics extends them to vector types, and a user `operator+=` on float4.
__device__ __forceinline__
float4 __shfl_down(const float4 var, const unsigned int srcLane, const unsigned int width = 32) {
  float4 output;
  output.x = __shfl_down_sync(0xFFFFFFFF, var.x, srcLane, width);
  output.y = __shfl_down_sync(0xFFFFFFFF, var.y, srcLane, width);
  output.z = __shfl_down_sync(0xFFFFFFFF, var.z, srcLane, width);
  output.w = __shfl_down_sync(0xFFFFFFFF, var.w, srcLane, width);
  return output;
}

__device__ __forceinline__ void operator+=(float4 &a, const float4 &b) {
  a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w;
}

// a program's own scalar function with a `__` name, also inlined
__device__ float __half_of(float v) { return 0.5f * v; }

__device__ __forceinline__ void reduce(float4 &value) {
  value += __shfl_down(value, 16);
  value += __shfl_down(value, 8);
  value += __shfl_down(value, 4);
  value += __shfl_down(value, 2);
  value += __shfl_down(value, 1);
}

__global__ void shfl_user_overload(const float4 *x, float4 *sum, float *first) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = x[i];
  reduce(v);
  sum[i] = v;                              // lane 0 of each warp holds the warp's sum
  first[i] = __half_of(__shfl_down(x[i], 1u, 8u).x);
}
