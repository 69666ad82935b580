#pragma once
#include <cstdint>

#include "core/filter_spec.hpp"

namespace fl::cpu {

// Box mean over a (2r+1) x (2r+1) window (param `radius`), replicate border, per channel for gray8 and rgba8:
//   out = (sum + n/2) / n  with n = (2r+1)^2, in integers, so every variant is exact.
// Computed separably (column sums, then a horizontal sum of them): O(r) per pixel instead of O(r^2). Integer
// addition is exact and associative, so the result is identical to the literal 2D definition.
void BoxReference(const CpuCall& call);
void BoxOpenmp(const CpuCall& call);

// n of the rounding above; the CUDA launchers use it too.
constexpr int BoxTaps(int radius) { return (2 * radius + 1) * (2 * radius + 1); }

// Division by n without a divide: for every 0 <= s < 2^19, s / n == (s * BoxReciprocal(n)) >> 32 (the upper
// half of a 32 x 32-bit product, one instruction on a GPU). With M = ceil(2^32 / n) = (2^32 + e) / n, e < n,
// s * M / 2^32 = s / n + s e / (n 2^32), and s e < 2^32 keeps the error below the gap to the next multiple of
// 1/n. Radius 16 gives s <= 1089 * 255 + 544 < 2^19, so the box sums of gray8 and rgba8 channels qualify.
constexpr unsigned BoxReciprocal(int taps) {
  return static_cast<unsigned>(((std::uint64_t{1} << 32) + static_cast<std::uint64_t>(taps) - 1) /
                               static_cast<std::uint64_t>(taps));
}
constexpr int kBoxReciprocalBits = 19;  // sums below 2^19 divide exactly

// Two sums held as the 16-bit lanes of a word, t = lo + 2^16 hi (fast box, box_sums.cuh), each divided by n with one
// multiply-high and no lane masked or shifted out first: the mean is byte 2 (bits 16..23) of the product's upper
// half, M = BoxReciprocal(n).
//  - Low lane: (t << 16) M / 2^32 = lo M / 2^16, whose bits from 16 on are lo M / 2^32 = lo / n (above).
//  - High lane: t M / 2^48 = hi M / 2^32 + lo M / 2^48. With M = (2^32 + e) / n, e < n, that is hi / n plus
//    (hi e / 2^32 + lo (2^32 + e) / 2^48) / n. For hi < 2^16 and lo <= 255 n + n / 2 (a box sum plus half of n)
//    the bracket is below 256.5 n / 2^16, so below 1 for n <= kBoxLaneMeanMaxTaps: less than the gap from hi / n
//    to the next integer, which is at least 1 / n. So the floor is hi / n's.
constexpr int kBoxLaneMeanMaxTaps = 255;
constexpr unsigned BoxLowLaneMean(unsigned t, unsigned m) {
  return static_cast<unsigned>((std::uint64_t{t << 16} * m) >> 48);
}
constexpr unsigned BoxHighLaneMean(unsigned t, unsigned m) {
  return static_cast<unsigned>((std::uint64_t{t} * m) >> 48);
}

}  // namespace fl::cpu
