#pragma once
// CUDA variants of the geometry filters `warp_affine` and `letterbox` (declared in filters/geometry.cpp).
// Both filters are the same kernel, a bilinear warp through an inverse affine map; only the map (computed on
// the host by core/cpu/affine) and the output size differ.
#include "core/filter_spec.hpp"

namespace fl::cuda {

// fast: the naive kernel's arithmetic without conversion instructions (bit-identical). Shared memory off (and
// always for letterbox): 4 outputs per thread in 8x4-thread warps, taps read through L1, both taps of a gray8
// row from one 32-bit word (warp_fast.cu). On, for warp_affine: each block stages its footprint in shared
// memory first (warp_tile.cu).
void LaunchWarpAffineFast(const CudaCall& call);
void LaunchLetterboxFast(const CudaCall& call);
const void* WarpAffineFastKernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);
const void* LetterboxFastKernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);
std::size_t WarpAffineFastSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat in);

// The staged kernel behind `fast` with shared memory on (warp_tile.cu).
void LaunchWarpAffineTile(const CudaCall& call);
const void* WarpTileKernel(PixelFormat in);

// naive: one thread per output pixel, running the CPU reference's sampler (bit-identical).
void LaunchWarpAffineNaive(const CudaCall& call);
void LaunchLetterboxNaive(const CudaCall& call);
const void* WarpNaiveKernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);

// texture: the texture unit fetches and interpolates (9-bit fixed-point weights: within 2 of the reference).
void LaunchWarpAffineTexture(const CudaCall& call);
void LaunchLetterboxTexture(const CudaCall& call);
const void* WarpTextureKernel(PixelFormat in, const LaunchConfig& c, const ParamValues&);

}  // namespace fl::cuda
