/* cuda2hlo-test
launch: pick<unsigned><<<2, 64>>>(ua, ub, uo, n)
launch: pick<float><<<2, 64>>>(fa, fb, fo, n)
buffer: ua u32 128 randint 0 1000
buffer: ub u32 128 randint 0 1000
buffer: uo u32 128 zeros
buffer: fa f32 128 uniform -1 1
buffer: fb f32 128 uniform -1 1
buffer: fo f32 128 zeros
scalar: n = 128
check: uo
check: fo rtol=1e-6 atol=1e-6
note: each instance takes the branch its type selects at compile time
*/
// `if constexpr` on a type trait of the standard library (std::is_same_v, a variable
// template) and a constexpr variable template of our own: each instance of the kernel
// keeps the branch its type selects.
#include <type_traits>

template <typename T> constexpr int lanes_v = sizeof(T) == 4 ? 2 : 1;

template <typename T>
__global__ void pick(const T *a, const T *b, T *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if constexpr (std::is_same_v<T, unsigned>)
    o[i] = (a[i] ^ b[i]) + (T)lanes_v<T>;
  else if constexpr (std::is_floating_point_v<T>)
    o[i] = a[i] * b[i] - (T)lanes_v<T>;
  else
    o[i] = a[i];
}
