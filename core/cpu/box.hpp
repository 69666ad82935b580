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

}  // namespace fl::cpu
