#pragma once
// CUDA variants of `gauss3` (declared in filters/gauss3.cpp). All but smem_nohalo are bit-exact to
// cpu::Gauss3Reference: the same integer sum and the same (sum + 8) >> 4 rounding.
#include <cstddef>

#include "core/filter_spec.hpp"

namespace fl::cuda {

void LaunchGauss3Naive(const CudaCall& call);
void LaunchGauss3Smem(const CudaCall& call);
void LaunchGauss3SmemNoHalo(const CudaCall& call);
void LaunchGauss3Ppt2x2(const CudaCall& call);
void LaunchGauss3Ppt4x4(const CudaCall& call);

const void* Gauss3NaiveKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
const void* Gauss3SmemKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
const void* Gauss3SmemNoHaloKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
const void* Gauss3Ppt2x2Kernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
const void* Gauss3Ppt4x4Kernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);

// Dynamic shared memory of one block: the tile with its 1-pixel halo, or without it.
std::size_t Gauss3SmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);
std::size_t Gauss3SmemNoHaloBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

}  // namespace fl::cuda
