#pragma once
// The gray8 Sobel magnitude, min(255, round(sqrt(s))) for s = gx^2 + gy^2 (|gx|, |gy| <= 1020), without the
// correctly rounded square root and the quarter-rate float-to-int conversion of the shared reference
// arithmetic (core/cpu/sobel_math.hpp) yet bit-identical to it:
//  - s >= 64771 means sqrt(s) >= 254.5009: the reference rounds to 255 or more and clamps to 255;
//  - below that, sqrt(s) never comes within 0.25 / 510 (about 2^-19 relative) of a half-integer, since
//    |s - (k + 1/2)^2| >= 1/4 for integers s and k; s * rsqrt(s) errs by about 2^-22 relative, so rounding it
//    gives round(sqrt(s)), which is also what rounding the correctly rounded float sqrt gives. Ties cannot
//    occur.
// tests/gpu/sobel_magnitude_test.cu checks every s from 0 to 2 * 1020^2 against the reference.
#include <cuda_runtime.h>

namespace fl::cuda::sobel_fast {

__device__ __forceinline__ unsigned MagnitudeByte(int s) {
  const float f = __int_as_float(0x4B000000 | s) - 8388608.0f;  // s exactly (s < 2^23)
  const float r = f * rsqrtf(fmaxf(f, 0.25f));                  // sqrt(s) to ~2^-22; 0 for s = 0
  const unsigned n =
      __float_as_uint(r + 12582912.0f) & 0x1ffu;  // round to nearest (r < 256 where it is used)
  return s >= 64771 ? 255u : n;
}

}  // namespace fl::cuda::sobel_fast
