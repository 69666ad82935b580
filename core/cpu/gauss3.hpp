#pragma once
#include "core/filter_spec.hpp"

namespace fl::cpu {

// 3x3 Gaussian, weights [1 2 1] x [1 2 1] / 16 rounded half up: (sum + 8) >> 4, per channel (alpha included),
// replicate border. Integer arithmetic, so every CUDA variant can be bit-exact to it.
void Gauss3Reference(const CpuCall& call);
void Gauss3Openmp(const CpuCall& call);

}  // namespace fl::cpu
