/* cuda2hlo-test
launch: pair_fields<<<3, 64>>>(a, b, r, n)
buffer: a f32 1000x2 uniform -4 4
buffer: b f32 1000x2 uniform -4 4
buffer: r f32 1000x2 zeros
scalar: n = 1000
check: r
note: 192 threads cover 1000 float2 elements (5 or 6 trips each); r[i].x and r[i].y are
note: two statements into one buffer, disjoint at every trip: raised dense, not SIMT
*/
// Grid-stride loop storing a vector element field by field: the maximum and the minimum
// of each pair, written as two stores of one float2.
__global__ void pair_fields(const float2 *a, const float2 *b, float2 *r, int n) {
  for (int i = threadIdx.x + blockDim.x * blockIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float2 p = a[i], q = b[i];
    r[i].x = fmaxf(p.x, q.x);
    r[i].y = fminf(p.y, q.y);
  }
}
