#pragma once
// The `half2` gauss variant (gauss_half2.cu): gray8 and rgba8, radius 1..4, both separable passes in a strip
// kernel with packed half-precision arithmetic. Plain C++ so that the declaration (filters/gauss.cpp) reads the
// same facts as the kernel.
#include <optional>
#include <string>

#include "core/filter_spec.hpp"

namespace fl::cuda {

// The window of 2r + 1 rows (8 half2 registers each) lives in registers: 72 at radius 4.
constexpr int kGaussHalf2MaxRadius = 4;
constexpr int kGaussHalf2ChunksPerWarp = 30;  // a warp's two end lanes are apron only

void LaunchGaussHalf2(const CudaCall& call);
const void* GaussHalf2Kernel(PixelFormat f, const LaunchConfig& c, const ParamValues& p);
// The strip kernels' block rule, and the radius this variant has kernels for.
std::optional<std::string> GaussHalf2Problem(const LaunchConfig& c, const ParamValues& p);
// Its prefetch ring with shared memory on: 4 slots of 16 bytes per thread; nothing with it off.
std::size_t GaussHalf2SmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

// A block writes (block_x / 32) warps x 30 chunks x 16 bytes across and block_y x ppt rows down, and reads
// `radius` pixels around that.
inline BlockFootprint GaussHalf2Footprint(const LaunchConfig& c, const ParamValues& p, PixelFormat in) {
  return {c.block_x / 32 * kGaussHalf2ChunksPerWarp * 16 / static_cast<int>(BytesPerPixel(in)), c.block_y * c.ppt,
          p.Int("radius")};
}

}  // namespace fl::cuda
