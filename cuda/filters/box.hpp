#pragma once
// CUDA variants of `box` (declared in filters/box.cpp). All integer, so all bit-identical to the CPU
// reference.
#include "core/filter_spec.hpp"

namespace fl::cuda {

void LaunchBoxDirect(const CudaCall& call);
void LaunchBoxSeparable(const CudaCall& call);
void LaunchBoxRunningSum(const CudaCall& call);
const void* BoxDirectKernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);
const void* BoxSeparableKernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);
const void* BoxRunningSumKernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);
// The int32 intermediate (one sum per channel per pixel) of `separable` and `running_sum`.
std::size_t BoxScratchBytes(const ImageShape& in, const ParamValues& params);

}  // namespace fl::cuda
