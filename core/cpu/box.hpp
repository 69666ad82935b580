#pragma once
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

}  // namespace fl::cpu
