#pragma once
// box2x2: the rounded mean of the 2x2 block (x, x+1) x (y, y+1), replicate border, per channel (gray8, rgba8).
#include "core/filter_spec.hpp"

#include "core/host_device.hpp"

namespace fl::cpu {

// The one formula, shared with the CUDA kernels (cuda/filters/box2x2.cu): halves round up.
FL_HOST_DEVICE inline int Box2x2Mean(int a, int b, int c, int d) { return (a + b + c + d + 2) >> 2; }

void Box2x2Reference(const CpuCall& call);
void Box2x2Openmp(const CpuCall& call);

}  // namespace fl::cpu
