#pragma once
// CUDA variants of the geometry filters `warp_affine` and `letterbox` (declared in filters/geometry.cpp).
// Both filters are the same kernel, a bilinear warp through an inverse affine map; only the map (computed on
// the host by core/cpu/affine) and the output size differ.
#include "core/filter_spec.hpp"

namespace fl::cuda {

// fast: the naive kernel's arithmetic without conversion instructions, 4 outputs per thread in 8x4-thread
// warps, both taps of a gray8 row from one 32-bit word (bit-identical).
void LaunchWarpAffineFast(const CudaCall& call);
void LaunchLetterboxFast(const CudaCall& call);
const void* WarpFastKernel(PixelFormat in, const LaunchConfig& c);

// naive: one thread per output pixel, running the CPU reference's sampler (bit-identical).
void LaunchWarpAffineNaive(const CudaCall& call);
void LaunchLetterboxNaive(const CudaCall& call);
const void* WarpNaiveKernel(PixelFormat in, const LaunchConfig& c);

// texture: the texture unit fetches and interpolates (9-bit fixed-point weights: within 2 of the reference).
void LaunchWarpAffineTexture(const CudaCall& call);
void LaunchLetterboxTexture(const CudaCall& call);
const void* WarpTextureKernel(PixelFormat in, const LaunchConfig& c);

}  // namespace fl::cuda
