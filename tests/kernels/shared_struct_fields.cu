/* cuda2hlo-test
launch: shared_struct_fields<<<4, 64>>>(x, w, out, fo, n)
buffer: x f32 4*64 uniform -8 8
buffer: w i32 4*8 randint -50 50
buffer: out i32 4*64 zeros
buffer: fo f32 4*64 zeros
scalar: n = 250
check: out
check: fo
note: a __shared__ struct with no layout as one buffer (a pointer field, an int and a
note: short beside a double, an array field, a nested struct): one shared buffer per
note: field, set by some threads and read by all after a barrier, an atomic on a field;
note: the float results are one product and one sum per element, exact bit for bit
*/
// A block's work description kept in one __shared__ struct, as codes do for a task
// (a start pointer, sizes, a scale, a few counters): thread 0 fills in the scalars and
// the pointer, threads 0..7 the array field, and every thread reads them after
// __syncthreads() (HeCBench egs-cuda and quicksort-cuda keep such block state in
// __shared__ variables).
struct Range {
  int lo;
  int hi;
};

struct Task {
  const float *src;   // a pointer: no layout as slots of one scalar type
  int count;
  short tag;
  double scale;
  int weights[8];
  Range range;
};

__global__ void shared_struct_fields(const float *x, const int *w, int *out, float *fo, int n) {
  __shared__ Task task;
  int t = threadIdx.x;
  int b = blockIdx.x;
  if (t == 0) {
    task.src = x + b * 64;
    task.count = 0;
    task.tag = (short)(b * 3 - 5);
    task.scale = 0.25 * (b + 1);
    task.range.lo = b;
    task.range.hi = n - b;
  }
  if (t < 8)
    task.weights[t] = w[b * 8 + t];
  __syncthreads();
  if (task.src[t] > 0.0f)
    atomicAdd(&task.count, 1);
  if (t == 5)
    task.range.lo += task.weights[3];
  __syncthreads();
  int i = b * 64 + t;
  out[i] = task.count * 1000 + task.tag + task.weights[t % 8] * (task.range.hi - task.range.lo);
  fo[i] = (float)(task.src[63 - t] * task.scale) + (float)task.weights[7 - t % 8];
}
