#pragma once
// The gray8 Sobel magnitude, min(255, round(sqrt(s))) for s = gx^2 + gy^2 (|gx|, |gy| <= 1020), without the
// correctly rounded square root and the quarter-rate float-to-int conversion of the shared reference
// arithmetic (core/cpu/sobel_math.hpp) yet bit-identical to it:
//  - s is exact in float (s <= 2 * 1020^2 < 2^24), and so is every product and sum on the way; the kernel adds
//    2^-20 to it (below), which changes s only below 16 and keeps rsqrt(0) finite;
//  - s >= 64771 means sqrt(s) >= 254.5009, so r = s * rsqrt(s) exceeds 254.5 and rounds to 255 or more: the
//    reference rounds to 255 or more and clamps to 255, and so does the integer clamp (Gray8Lanes) here;
//  - below that, sqrt(s) never comes within 0.25 / 510 (about 2^-19 relative) of a half-integer, since
//    |s - (k + 1/2)^2| >= 1/4 for integers s and k; rsqrt.approx errs by at most 2^-22.9 relative and the
//    product s * rsqrt(s) is rounded once (to an integer, by the fused add below), and the 2^-20 added to s moves
//    sqrt(s) by at most 2^-21 (at s = 1), so this gives round(sqrt(s)), which is also what rounding the
//    correctly rounded float sqrt gives. Ties cannot occur. For s = 0, r = 2^-10 rounds to 0.
// The clamp is an integer one on two pixels' 16-bit lanes at once rather than a float min per pixel: a float min
// runs on the same pipe (ALU) as the kernel's lane arithmetic and byte permutes.
// tests/gpu/sobel_magnitude_test.cu checks every pair (gx, gy) against the reference.
#include <cuda_runtime.h>

namespace fl::cuda::sobel_fast {

// The hardware reciprocal square root alone: rsqrtf also guards against denormal inputs (a compare, a select and
// two multiplies per call, a third of this function), and s >= 2^-20 never is one.
__device__ __forceinline__ float RsqrtApprox(float s) {
  float r;
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(s));
  return r;
}

// A float whose low 16 bits are round(sqrt(gx^2 + gy^2)) (gx, gy exact integers; at most 1443, not yet clamped):
// adding 1.5 * 2^23 rounds to an integer and leaves it in the low mantissa bits, so no conversion is needed.
__device__ __forceinline__ unsigned MagnitudeBits(float gx, float gy) {
  const float s = fmaf(gx, gx, fmaf(gy, gy, 0x1p-20f));  // + 2^-20: rsqrt stays finite at s = 0
  return __float_as_uint(fmaf(s, RsqrtApprox(s), 12582912.0f));
}

// Two pixels' MagnitudeBits as 16-bit lanes (lo in the low lane), each clamped to 255: two pixels per instruction.
__device__ __forceinline__ unsigned Gray8Lanes(unsigned lo, unsigned hi) {
  return __vminu2(__byte_perm(lo, hi, 0x5410u), 0x00FF00FFu);
}

}  // namespace fl::cuda::sobel_fast
