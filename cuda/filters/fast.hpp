#pragma once
// Launchers of the `fast` variants: the memory-speed kernels that stand beside the teaching variants. Most are
// strip kernels (cuda/filters/chunk_strip.cuh): one 16-byte chunk per thread, a strip of rows sliding down in
// registers. Plain C++ so that the declarations in filters/ can name them.
#include <optional>
#include <string>

#include "core/cpu/morph.hpp"
#include "core/filter_spec.hpp"

namespace fl::cuda {

// gauss3 (gauss3_fast.cu): the 3x3 [1 2 1] stencil as 16-bit-lane sums, exact.
void LaunchGauss3Fast(const CudaCall& call);
const void* Gauss3FastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);

// box2x2 (box2x2_fast.cu): pair sums in 16-bit lanes, exact.
void LaunchBox2x2Fast(const CudaCall& call);
const void* Box2x2FastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);

// dilate / erode, radius 1 or 2 (morph_fast.cu): per-byte max / min of words.
template <MorphOp Op, int R>
void LaunchMorphFast(const CudaCall& call);
template <MorphOp Op, int R>
const void* MorphFastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);

// sobel, gray8 to gray8 (sobel_fast.cu).
void LaunchSobelFast(const CudaCall& call);
const void* SobelFastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);

// gray from rgba8 or gray8 (gray_fast.cu): 64 bytes in, 16 out per thread and row.
void LaunchGrayFast(const CudaCall& call);
const void* GrayFastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);

}  // namespace fl::cuda
