#pragma once
// CUDA launchers of grey morphology over a (2R + 1)^2 square (dilate3 / erode3: R = 1; dilate5 / erode5: R = 2),
// one family templated on the operation and the radius. Every variant is bit-identical to cpu::MorphReference.
#include <cstddef>

#include "core/cpu/morph.hpp"
#include "core/filter_spec.hpp"

namespace fl::cuda {

// morph.cu: the one-pixel-per-thread and strip variants.
template <MorphOp Op, int R>
void LaunchMorphNaive(const CudaCall& call);
template <MorphOp Op, int R>
void LaunchMorphSmem(const CudaCall& call);
template <MorphOp Op, int R>
void LaunchMorphPpt4(const CudaCall& call);
template <MorphOp Op, int R>
void LaunchMorphPacked4(const CudaCall& call);
template <MorphOp Op, int R>
const void* MorphNaiveKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
template <MorphOp Op, int R>
const void* MorphSmemKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
template <MorphOp Op, int R>
const void* MorphPpt4Kernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
template <MorphOp Op, int R>
const void* MorphPacked4Kernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
template <int R>
std::size_t MorphSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

// morph_two_pass.cu: a row pass and a column pass through shared memory in one kernel.
template <MorphOp Op, int R>
void LaunchMorphTwoPassSmem(const CudaCall& call);
template <MorphOp Op, int R>
const void* MorphTwoPassSmemKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
template <int R>
std::size_t MorphTwoPassSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

}  // namespace fl::cuda
