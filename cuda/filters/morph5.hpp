#pragma once
// CUDA variants of `dilate5` and `erode5` (declared in filters/morph5.cpp): one set of kernels templated on
// max (dilate) or min (erode). Max and min are exact, so every variant is bit-identical to the CPU reference.
#include <cstddef>

#include "core/filter_spec.hpp"

namespace fl::cuda {

template <bool kDilate>
void LaunchMorph5Naive(const CudaCall& call);
template <bool kDilate>
void LaunchMorph5Ppt4(const CudaCall& call);
template <bool kDilate>
void LaunchMorph5TwoPassSmem(const CudaCall& call);

template <bool kDilate>
const void* Morph5NaiveKernel(PixelFormat f, const LaunchConfig& c);
template <bool kDilate>
const void* Morph5Ppt4Kernel(PixelFormat f, const LaunchConfig& c);
template <bool kDilate>
const void* Morph5TwoPassSmemKernel(PixelFormat f, const LaunchConfig& c);

// Dynamic shared memory of one `two_pass_smem` block: the input tile with its 2-pixel halo and the intermediate
// tile with its 1-pixel halo.
std::size_t Morph5TwoPassSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

}  // namespace fl::cuda
