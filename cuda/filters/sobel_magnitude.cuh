#pragma once
// The gray8 Sobel magnitude, min(255, round(sqrt(s))) for s = gx^2 + gy^2 (|gx|, |gy| <= 1020), without the
// correctly rounded square root and the quarter-rate float-to-int conversion of the shared reference
// arithmetic (core/cpu/sobel_math.hpp) yet bit-identical to it:
//  - s is exact in float (s <= 2 * 1020^2 < 2^24), and so is every product and sum on the way;
//  - s >= 64771 means sqrt(s) >= 254.5009, so r = s * rsqrt(s) exceeds 254.5 and min(r, 255) rounds to 255:
//    the reference rounds to 255 or more and clamps to 255;
//  - below that, sqrt(s) never comes within 0.25 / 510 (about 2^-19 relative) of a half-integer, since
//    |s - (k + 1/2)^2| >= 1/4 for integers s and k; s * rsqrt(s) errs by about 2^-22 relative, so rounding it
//    gives round(sqrt(s)), which is also what rounding the correctly rounded float sqrt gives. Ties cannot
//    occur.
// tests/gpu/sobel_magnitude_test.cu checks every pair (gx, gy) against the reference.
#include <cuda_runtime.h>

namespace fl::cuda::sobel_fast {

// A float whose low byte is the magnitude of (gx, gy) (exact integers): adding 1.5 * 2^23 rounds to an integer
// and leaves it in the low mantissa bits, so the byte is taken with a byte permute and no conversion.
__device__ __forceinline__ unsigned MagnitudeBits(float gx, float gy) {
  const float s = fmaf(gx, gx, gy * gy);
  const float r = s * rsqrtf(fmaxf(s, 0.25f));  // sqrt(s) to ~2^-22; 0 for s = 0
  return __float_as_uint(fminf(r, 255.0f) + 12582912.0f);
}

// The signed value of a 16-bit lane holding v + bias (0 <= v + bias < 2^16) as a float, without a conversion:
// the lane's bits become the low mantissa bits of 2^23 + lane. kUpper picks the lane.
template <bool kUpper, int kBias>
__device__ __forceinline__ float LaneValue(unsigned w) {
  return __uint_as_float(__byte_perm(w, 0x4B000000u, kUpper ? 0x7632u : 0x7610u)) - (8388608.0f + kBias);
}

}  // namespace fl::cuda::sobel_fast
