#pragma once
// CUDA variants of `box2x2` (declared in filters/box2x2.cpp). Integer arithmetic shared with the CPU reference
// (cpu::Box2x2Mean), so every variant is bit-identical to it.
#include "core/filter_spec.hpp"

namespace fl::cuda {

void LaunchBox2x2Naive(const CudaCall& call);
void LaunchBox2x2Ppt2x2(const CudaCall& call);
const void* Box2x2NaiveKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
const void* Box2x2Ppt2x2Kernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);

}  // namespace fl::cuda
