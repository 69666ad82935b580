#pragma once
// The `half2` gauss variant (gauss_half2.cu): gray8 and rgba8, radius 1..4, both separable passes in a strip
// kernel with packed half-precision arithmetic. Plain C++ so that the declaration (filters/gauss.cpp) reads the
// same facts as the kernel.
#include <optional>
#include <string>

#include "core/filter_spec.hpp"
#include "cuda/filters/strip_launch.hpp"

namespace fl::cuda {

// The window of 2r + 1 rows (8 half2 registers each) lives in registers: 72 at radius 4.
constexpr int kGaussHalf2MaxRadius = 4;

void LaunchGaussHalf2(const CudaCall& call);
const void* GaussHalf2Kernel(PixelFormat f, const LaunchConfig& c, const ParamValues& p);
// The strip kernels' block rule, and the radius this variant has kernels for.
std::optional<std::string> GaussHalf2Problem(const LaunchConfig& c, const ParamValues& p);
// Its prefetch ring with shared memory on: 4 slots of 16 bytes per thread; nothing with it off.
std::size_t GaussHalf2SmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

// Its warps overlap (a warp's two end lanes are apron only): strip::ApronWarpFootprint, reading `radius` around.
inline BlockFootprint GaussHalf2Footprint(const LaunchConfig& c, const ParamValues& p, PixelFormat in) {
  return strip::ApronWarpFootprint(c, p.Int("radius"), in);
}

}  // namespace fl::cuda
