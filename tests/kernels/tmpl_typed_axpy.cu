/* cuda2hlo-test
launch: axpy<float><<<4, 128>>>(af, xf, yf, n)
launch: axpy<double><<<4, 128>>>(ad, xd, yd, n)
launch: axpy<int><<<4, 128>>>(ai, xi, yi, n)
buffer: xf f32 500 uniform -1 1
buffer: yf f32 500 uniform -1 1
buffer: xd f64 500 uniform -1 1
buffer: yd f64 500 uniform -1 1
buffer: xi i32 500 randint -1000 1000
buffer: yi i32 500 randint -1000 1000
scalar: n = 500
scalar: af = 0.5
scalar: ad = -1.25
scalar: ai = 3
check: yf
check: yd
check: yi
*/
// One kernel template over the element type, launched for float, double and int.
template <typename T>
__global__ void axpy(T a, const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

template __global__ void axpy<float>(float, const float *, float *, int);
template __global__ void axpy<double>(double, const double *, double *, int);
template __global__ void axpy<int>(int, const int *, int *, int);
