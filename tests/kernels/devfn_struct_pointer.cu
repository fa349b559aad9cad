/* cuda2hlo-test
launch: shade<<<4, 64>>>(px, py, out, n)
buffer: px f32 256 uniform -1 1
buffer: py f32 256 uniform -1 1
buffer: out f32 768 zeros
scalar: n = 250
check: out rtol=1e-5 atol=1e-6
*/
// Device helpers that take a pointer to the caller's local struct (C style, as ray
// tracers and physics codes write them): `normalize(&r.dir)` changes the caller's
// fields through the pointer (also as `*v` and `(*v).z`), `dot(&a, &b)` reads two, and
// `reflect(&r, &n)` passes a pointer on to a nested helper.
struct vec3 { float x, y, z; };
struct ray { vec3 org; vec3 dir; };

__device__ float dot(const vec3 *a, const vec3 *b) {
  return a->x * b->x + a->y * b->y + a->z * b->z;
}

__device__ float len2(vec3 v) { return v.x * v.x + v.y * v.y + v.z * v.z; }

__device__ void normalize(vec3 *v) {
  float len = sqrtf(len2(*v));
  if (len > 1e-6f) {
    v->x /= len;
    v->y /= len;
    (*v).z /= len;
  }
}

__device__ void reflect(ray *r, const vec3 *n) {
  float d = 2.0f * dot(&r->dir, n);
  r->dir.x -= d * n->x;
  r->dir.y -= d * n->y;
  r->dir.z -= d * n->z;
  normalize(&r->dir);
}

__global__ void shade(const float *px, const float *py, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  ray r;
  r.org.x = 0.0f; r.org.y = 0.0f; r.org.z = 0.0f;
  r.dir.x = px[i]; r.dir.y = py[i]; r.dir.z = -1.0f;
  normalize(&r.dir);
  vec3 up = {0.0f, 1.0f, 0.0f};
  reflect(&r, &up);
  out[3 * i] = r.dir.x;
  out[3 * i + 1] = r.dir.y;
  out[3 * i + 2] = r.dir.z + dot(&r.org, &up);
}
