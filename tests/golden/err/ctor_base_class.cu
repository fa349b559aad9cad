// RUN-FLAGS: --kernel fill --grid 1 --block 32 --size y=32
// Refused: a constructor that initialises a base class (its members are not this
// struct's fields as the frontend holds them).
struct Base {
  float b;
  __device__ Base(float v) : b(v) {}
};

struct Derived : Base {
  float d;
  __device__ Derived(float v) : Base(2.0f * v), d(v) {}
};

__global__ void fill(float *y) {
  Derived o((float)threadIdx.x);
  y[threadIdx.x] = o.d + o.b;
}
