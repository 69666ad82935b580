#pragma once
// CUDA variants of `gauss` (declared in filters/gauss.cpp). The direct variants differ only in where the
// (2r+1)^2 weights live; `separable` runs a row pass and a column pass through a float intermediate in global
// memory; `separable_fused` runs both passes in one kernel with the intermediate in shared memory.
#include <cstddef>

#include "core/filter_spec.hpp"

namespace fl::cuda {

// gauss_direct.cu: weights in global memory (scratch), or copied by each block into shared memory.
void LaunchGaussDirectGlobal(const CudaCall& call);
void LaunchGaussDirectShared(const CudaCall& call);
const void* GaussDirectGlobalKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
const void* GaussDirectSharedKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
std::size_t GaussWeights2DBytes(const ImageShape& in, const ParamValues& p);  // scratch: the 2D weights
std::size_t GaussDirectSharedSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

// gauss_constant.cu: weights in __constant__ memory, read uniformly (broadcast) or at lane-dependent indices.
void LaunchGaussDirectConstant(const CudaCall& call);
void LaunchGaussConstantDivergent(const CudaCall& call);
const void* GaussDirectConstantKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
const void* GaussConstantDivergentKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);

// The separable variant's launch limits, declared once: the registry's LaunchUse (and so the plan's launch
// check and its message) and the kernels' template dispatch both read them.
constexpr int kSeparableMaxPpt = 8;
constexpr int kSeparableMaxHalo = 4;

// gauss_separable.cu: row pass into call.scratch (float, or float4 for rgba8), then column pass.
void LaunchGaussSeparable(const CudaCall& call);
const void* GaussSeparableKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);  // the row pass
std::size_t GaussSeparableSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);
std::size_t GaussSeparableScratchBytes(const ImageShape& in, const ParamValues& p);

// gauss_fused.cu: one kernel per tile, the row pass into a shared float tile, then the column pass.
void LaunchGaussSeparableFused(const CudaCall& call);
const void* GaussFusedKernel(PixelFormat f, const LaunchConfig& c,
                             const ParamValues& p);  // p's radius's kernel
std::size_t GaussFusedSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

}  // namespace fl::cuda
