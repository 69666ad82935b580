#pragma once
// The `fast` gauss variant (gauss_fast.cu): both separable passes fused in registers, radius 1..8. Plain C++ so
// that the declaration (filters/gauss.cpp) reads the same facts as the kernel.
#include <cstddef>
#include <optional>
#include <string>

#include "core/filter_spec.hpp"

namespace fl::cuda {

constexpr int kGaussFastMaxRadius = 8;  // the window of 2r + 1 row results lives in registers

void LaunchGaussFast(const CudaCall& call);
const void* GaussFastKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
std::size_t GaussFastSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);
std::optional<std::string> GaussFastProblem(const LaunchConfig& c, const ParamValues& p);

// A thread owns 4 floats per row: 4 pixels of gray8 or gray32f, one rgba8 pixel; ppt rows down.
inline BlockFootprint GaussFastFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat in) {
  return {c.block_x * (in == PixelFormat::Rgba8 ? 1 : 4), c.block_y * c.ppt, p.Int("radius")};
}

}  // namespace fl::cuda
