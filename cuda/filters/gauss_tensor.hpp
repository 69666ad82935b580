#pragma once
// The `tensor` gauss variant (gauss_tensor.cu): gray8, radius 1..8, both separable passes as tensor-core
// matrix products. Plain C++ so that the declaration (filters/gauss.cpp) reads the same facts as the kernel.
#include <cstddef>
#include <optional>
#include <string>

#include "core/filter_spec.hpp"

namespace fl::cuda {

constexpr int kGaussTensorMaxRadius = 8;  // the band matrices span 32 pixels: 16 outputs and 8 on each side

void LaunchGaussTensor(const CudaCall& call);
const void* GaussTensorKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
std::optional<std::string> GaussTensorProblem(const LaunchConfig& c, const ParamValues& p);
// Shared memory on stages each block's input rows; off, each warp loads its own.
std::size_t GaussTensorSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

// Each warp (threadIdx.y) owns a strip 16 pixels wide and ppt rows tall; the warps of a block lie side by
// side.
inline BlockFootprint GaussTensorFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat) {
  return {16 * c.block_y, c.ppt, p.Int("radius")};
}

}  // namespace fl::cuda
