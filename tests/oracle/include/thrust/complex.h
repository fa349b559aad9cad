/* Shim: thrust::complex<T> for the oracle, written from Thrust's documentation of the
 * class (not from its source): a pair (real, imag) built from one or two values (the
 * imaginary part 0 by default), read with real() and imag(); + and - with another
 * complex act on both parts, with a real scalar on the real part only; the compound
 * operators are the binary ones assigned back. Only what the corpus kernels use
 * (tests/kernels/thrust_complex_accum.cu): no products, quotients or functions. */
#pragma once
#include "cuda_emu.h"

namespace thrust {
template <typename T> class complex {
 public:
  __host__ __device__ complex(const T &re = T(), const T &im = T()) : re_(re), im_(im) {}
  __host__ __device__ T real() const { return re_; }
  __host__ __device__ T imag() const { return im_; }
  __host__ __device__ complex &operator+=(const complex &z) {
    re_ += z.re_;
    im_ += z.im_;
    return *this;
  }
  __host__ __device__ complex &operator-=(const complex &z) {
    re_ -= z.re_;
    im_ -= z.im_;
    return *this;
  }
  __host__ __device__ complex &operator+=(const T &s) {
    re_ += s;
    return *this;
  }
  __host__ __device__ complex &operator-=(const T &s) {
    re_ -= s;
    return *this;
  }

 private:
  T re_, im_;
};

template <typename T> __host__ __device__ complex<T> operator+(complex<T> a, const complex<T> &b) { return a += b; }
template <typename T> __host__ __device__ complex<T> operator-(complex<T> a, const complex<T> &b) { return a -= b; }
template <typename T> __host__ __device__ complex<T> operator+(complex<T> a, const T &s) { return a += s; }
template <typename T> __host__ __device__ complex<T> operator-(complex<T> a, const T &s) { return a -= s; }
}  // namespace thrust
