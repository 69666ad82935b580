#pragma once
// The Sobel arithmetic, shared verbatim by the CPU variants (core/cpu/sobel.cpp) and every CUDA variant
// (cuda/filters/sobel.cu), so that all of them are bit-identical, for gray8 and gray32f input alike.
//
// Sobel is separable: gx = [1 2 1]^T (vertical) of [-1 0 1] (horizontal), gy = [-1 0 1]^T of [1 2 1]. Every
// variant computes the two horizontal terms of a row first (RowTerms) and then combines three rows, in this one
// order of additions, so even the float path rounds identically everywhere. There are no products that a compiler
// could contract into an FMA on one side only (2c is written c + c), and the float magnitude uses an explicit fmaf.
#include <math.h>  // ::fmaf, ::rintf, ::sqrtf

#include <cstdint>

#include "core/host_device.hpp"

namespace fl::sobel {

// The horizontal terms of one row around column x: [-1 0 1] and [1 2 1]. T is int (gray8 input) or float.
template <typename T>
struct RowTerms {
  T diff;
  T smooth;
};

template <typename T>
FL_HOST_DEVICE inline RowTerms<T> Row(T left, T centre, T right) {
  return {right - left, (left + (centre + centre)) + right};
}

// Rows above, at and below the pixel.
template <typename T>
FL_HOST_DEVICE inline T Gx(const RowTerms<T>& up, const RowTerms<T>& mid, const RowTerms<T>& down) {
  return (up.diff + (mid.diff + mid.diff)) + down.diff;
}
template <typename T>
FL_HOST_DEVICE inline T Gy(const RowTerms<T>& up, const RowTerms<T>& down) {
  return down.smooth - up.smooth;
}

// Correctly rounded square root on both sides (the device's sqrtf is too unless fast math is on; __fsqrt_rn is
// regardless of flags).
FL_HOST_DEVICE inline float SqrtRn(float v) {
#if defined(__CUDA_ARCH__)
  return __fsqrt_rn(v);
#else
  return sqrtf(v);
#endif
}
FL_HOST_DEVICE inline float MulRn(float a, float b) {
#if defined(__CUDA_ARCH__)
  return __fmul_rn(a, b);  // never contracted into an FMA
#else
  return a * b;
#endif
}

// gray8 input: |gx|, |gy| <= 1020, so gx^2 + gy^2 <= 2080800 < 2^24 is exact as a float.
FL_HOST_DEVICE inline float Magnitude(int gx, int gy) { return SqrtRn(static_cast<float>(gx * gx + gy * gy)); }
// gray32f input: one fused multiply-add, rounded once on both sides.
FL_HOST_DEVICE inline float Magnitude(float gx, float gy) { return SqrtRn(fmaf(gx, gx, MulRn(gy, gy))); }

// gray8 output: min(255, round half to even); NaN (from a NaN input) becomes 255.
FL_HOST_DEVICE inline std::uint8_t ToGray8(float magnitude) {
  const float r = rintf(magnitude);
  return r < 255.0f ? static_cast<std::uint8_t>(r) : std::uint8_t{255};
}

}  // namespace fl::sobel
