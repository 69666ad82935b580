#pragma once
// CUDA variants of `sobel` (declared in filters/sobel.cpp). All of them use the arithmetic of
// core/cpu/sobel_math.hpp in the same order as the CPU reference, so they are bit-identical to it for gray8 and
// gray32f input and both outputs.
#include <cstddef>

#include "core/filter_spec.hpp"

namespace fl::cuda {

void LaunchSobelNaive(const CudaCall& call);
void LaunchSobelSmem(const CudaCall& call);
void LaunchSobelPpt4(const CudaCall& call);
void LaunchSobelSeparable(const CudaCall& call);

// The kernels for occupancy queries, of the `output` param's format. For `separable`, the column pass (it
// does the magnitude).
const void* SobelNaiveKernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);
const void* SobelSmemKernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);
const void* SobelPpt4Kernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);
const void* SobelSeparableKernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);

// Dynamic shared memory of one `smem` block: the tile and its 1-pixel halo.
std::size_t SobelSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat in);
// Device scratch of `separable`: both horizontal terms of every pixel (short2 for gray8 input, float2 for gray32f).
std::size_t SobelSeparableScratchBytes(const ImageShape& in, const ParamValues& p);

}  // namespace fl::cuda
