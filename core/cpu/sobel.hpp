#pragma once
// sobel: gradient magnitude sqrt(gx^2 + gy^2) with the 3x3 Sobel kernels, replicate border. Input gray8 or
// gray32f; param `output` picks gray8 (min(255, rounded magnitude)) or gray32f (the magnitude itself).
#include "core/filter_spec.hpp"

namespace fl::cpu {

// True when the parameters ask for a gray32f output (param output=gray32f).
bool SobelWantsFloat(const ParamValues& params);

void SobelReference(const CpuCall& call);
void SobelOpenmp(const CpuCall& call);

}  // namespace fl::cpu
