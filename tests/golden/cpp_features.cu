/* cuda2hlo-test
launch: k<128><<<2, 128>>>(in, out, n, m)
buffer: in f32 200 uniform -1 1
buffer: out f32 200 zeros
scalar: n = 200
scalar: m = 1
check: out
*/
// C++ the frontend must take in its stride: template device functions (explicit and
// deduced arguments), a constexpr function in a constexpr local, `if constexpr`,
// static_assert, `auto`, an enum class parameter, typedef/using, a namespace, an
// overloaded operator on a struct returning a brace list, sizeof.
#include <cstdint>
template <int N> __device__ float powi(float x) { float r = 1; for (int i = 0; i < N; i++) r *= x; return r; }
template <typename T> __device__ T sq(T v) { return v * v; }
constexpr int cube(int v) { return v * v * v; }
enum class Mode : uint8_t { A = 1, B = 2 };
typedef float real;
using idx_t = int;
namespace ns { __device__ inline real half(real v) { return v * 0.5f; } }
struct V2 { float x, y; };
__device__ V2 operator+(V2 a, V2 b) { return {a.x + b.x, a.y + b.y}; }
template <int BS>
__global__ void k(const real *__restrict__ in, real *__restrict__ out, idx_t n, Mode m) {
  static_assert(BS % 32 == 0, "multiple of a warp");
  idx_t i = blockIdx.x * BS + threadIdx.x;
  if (i >= n) return;
  auto v = in[i];
  constexpr int c = cube(2);
  if constexpr (BS > 64) v = sq(v);
  float p = powi<3>(v) + sq<double>(v) + c + ns::half(v);
  V2 a{v, 1.0f}, b = {2.0f, v};
  V2 s = a + b;
  out[i] = m == Mode::A ? p + s.x : p - s.y + (int)Mode::B + sizeof(V2);
}
void host(const float *a, float *b, int n) { k<128><<<(n + 127) / 128, 128>>>(a, b, n, Mode::A); }
