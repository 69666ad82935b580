#pragma once
// dilate5 / erode5: the maximum / minimum over the 5x5 square around each pixel, replicate border, per channel
// (gray8, rgba8).
#include "core/filter_spec.hpp"

namespace fl::cpu {

void Dilate5Reference(const CpuCall& call);
void Dilate5Openmp(const CpuCall& call);
void Erode5Reference(const CpuCall& call);
void Erode5Openmp(const CpuCall& call);

}  // namespace fl::cpu
