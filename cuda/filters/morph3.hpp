#pragma once
// CUDA variants of `dilate3` and `erode3` (declared in filters/morph3.cpp): one set of kernels templated on the
// max / min operation, instantiated for both MorphOp values. Max and min are exact, so every variant is
// bit-identical to cpu::Morph3Reference.
#include <cstddef>

#include "core/cpu/morph3.hpp"
#include "core/filter_spec.hpp"

namespace fl::cuda {

template <MorphOp Op>
void LaunchMorph3Naive(const CudaCall& call);
template <MorphOp Op>
void LaunchMorph3Smem(const CudaCall& call);
template <MorphOp Op>
void LaunchMorph3Ppt4(const CudaCall& call);
// gray8 only: words of 4 pixels, a strip of launch.ppt words per thread (1..8).
template <MorphOp Op>
void LaunchMorph3Packed4(const CudaCall& call);

template <MorphOp Op>
const void* Morph3NaiveKernel(PixelFormat f, const LaunchConfig& c);
template <MorphOp Op>
const void* Morph3SmemKernel(PixelFormat f, const LaunchConfig& c);
template <MorphOp Op>
const void* Morph3Ppt4Kernel(PixelFormat f, const LaunchConfig& c);
template <MorphOp Op>
const void* Morph3Packed4Kernel(PixelFormat f, const LaunchConfig& c);

// Dynamic shared memory of one block of the smem variant: the tile with its 1-pixel halo.
std::size_t Morph3SmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

}  // namespace fl::cuda
