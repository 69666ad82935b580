#pragma once
// The `fast` box variant (box_fast.cu): gray8, radius 1..16, running column sums in registers. Plain C++ so that
// the declaration (filters/box.cpp) reads the same facts as the kernel.
#include <optional>
#include <string>

#include "core/filter_spec.hpp"

namespace fl::cuda {

constexpr int kBoxFastMaxRadius = 16;      // the apron is one 16-byte chunk on each side
constexpr int kBoxFastChunksPerWarp = 30;  // a warp's two end lanes are apron only
constexpr int kBoxFastDefaultRadius = 3;   // the kernel reported for registers and occupancy

void LaunchBoxFast(const CudaCall& call);
const void* BoxFastKernel(PixelFormat f, const LaunchConfig& c);
std::optional<std::string> BoxFastProblem(const LaunchConfig& c, const ParamValues& p);

// A block writes (block_x / 32) warps x 30 chunks x 16 pixels across and block_y x ppt rows down.
inline BlockFootprint BoxFastFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat) {
  return {c.block_x / 32 * kBoxFastChunksPerWarp * 16, c.block_y * c.ppt, p.Int("radius")};
}

}  // namespace fl::cuda
