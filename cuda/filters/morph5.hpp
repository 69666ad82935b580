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
// gray8 only: words of 4 pixels, a strip of launch.ppt words per thread (1..8).
template <bool kDilate>
void LaunchMorph5Packed4(const CudaCall& call);

template <bool kDilate>
const void* Morph5NaiveKernel(PixelFormat f, const LaunchConfig& c);
template <bool kDilate>
const void* Morph5Ppt4Kernel(PixelFormat f, const LaunchConfig& c);
template <bool kDilate>
const void* Morph5TwoPassSmemKernel(PixelFormat f, const LaunchConfig& c);
template <bool kDilate>
const void* Morph5Packed4Kernel(PixelFormat f, const LaunchConfig& c);

// Dynamic shared memory of one `two_pass_smem` block: the input tile (launch.ppt output rows per thread, 2 more
// rows above and below, a halo word or two each side) and the tile of its row results, as 32-bit words.
std::size_t Morph5TwoPassSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

}  // namespace fl::cuda
