#pragma once
// CUDA variants of `gray` (declared in filters/gray.cpp).
#include "core/filter_spec.hpp"

namespace fl::cuda {

void LaunchGrayNaive(const CudaCall& call);
void LaunchGrayVec4(const CudaCall& call);
const void* GrayNaiveKernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);
const void* GrayVec4Kernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);

}  // namespace fl::cuda
