#pragma once
#include "core/filter_spec.hpp"

namespace fl::cpu {

// 2D direct Gaussian blur with replicate border (params `radius`, `sigma`). Per channel, the taps are summed
// in float in row-major order (dy outer, dx inner, both ascending); 8-bit outputs round half up and clamp.
void GaussReference(const CpuCall& call);
void GaussOpenmp(const CpuCall& call);

}  // namespace fl::cpu
