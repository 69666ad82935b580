#pragma once
// The `tensor` gauss variant (gauss_tensor.cu): gray8 radius 1..32 and rgba8 1..8, both separable passes as
// tensor-core matrix products. Plain C++ so that the declaration (filters/gauss.cpp) and the CPU tests read the
// same facts as the kernel.
#include <cstddef>
#include <optional>
#include <string>

#include "core/filter_spec.hpp"

namespace fl::cuda {

// The largest radius of each format: gray8's row pass grows by one k block every 8 radii from radius 9, and its
// column pass too, up to 5 blocks at radius 25..32 (the filter's largest radius); rgba8's row window grows four
// times as fast (GaussTensorRowBlocks) and stops at 5 blocks, radius 8.
constexpr int kGaussTensorMaxRadiusGray8 = 32;
constexpr int kGaussTensorMaxRadiusRgba8 = 8;
constexpr int kGaussTensorMaxRadius = kGaussTensorMaxRadiusGray8;  // of any format (HalfWeights' size)
constexpr int GaussTensorMaxRadius(int channels) {
  return channels == 1 ? kGaussTensorMaxRadiusGray8 : kGaussTensorMaxRadiusRgba8;
}

// The row pass's window around a warp's 16 output bytes, in k blocks of 16 bytes: kLeft = 8 (blocks - 1) bytes
// before the strip must hold channels x radius of them (the taps of one channel lie `channels` bytes apart),
// and so must the bytes after it. Gray8: 2 blocks (32 bytes) up to radius 8, 3 to 16, 4 to 24, 5 to 32; rgba8: 2
// at radius 1..2, 3 at 3..4, 4 at 5..6, 5 at 7..8. Each block is one mma per 8 rows of a strip.
constexpr int GaussTensorRowBlocks(int channels, int radius) { return 1 + (channels * radius + 7) / 8; }
constexpr int kGaussTensorMaxRowBlocks = 5;  // rgba8 at radius 7..8, gray8 at 25..32
// The column pass's k blocks of 16 rows: 16 output rows and radius rows above and below them, 8 (blocks - 1) on
// each side, the same rule as a gray8 row: 2 blocks up to radius 8, then one more every 8 radii.
constexpr int GaussTensorColumnBlocks(int radius) { return GaussTensorRowBlocks(1, radius); }
// Staged bytes on each side of a block's strips: the window's kLeft rounded up to whole 16-byte chunks.
constexpr int GaussTensorStagedMargin(int blocks) { return (8 * (blocks - 1) + 15) / 16 * 16; }
// The staged rows' stride in bytes, for blocks of up to 4 warps (narrow) or up to 8: a multiple of 16 (the
// cp.async chunks) of at least 16 warps + 2 margins, chosen among those by counting the shared-memory
// wavefronts of the row pass's window reads (8-byte reads for an even number of blocks, 4-byte reads for an
// odd one) over every warp of the block; tests/cpu/gauss_tensor_layout_test.cpp counts them again. Even
// numbers of blocks reach one wavefront per read; 4 blocks (rgba8 radius 5..6) take two, whatever the stride.
constexpr int GaussTensorStagedStride(int blocks, bool wide) {
  switch (blocks) {
    case 2: return wide ? 160 : 96;
    case 3: return wide ? 176 : 112;
    case 4: return wide ? 192 : 160;
    default: return wide ? 208 : 144;
  }
}

void LaunchGaussTensor(const CudaCall& call);
const void* GaussTensorKernel(PixelFormat f, const LaunchConfig& c, const ParamValues&);
std::optional<std::string> GaussTensorProblem(const LaunchConfig& c, const ParamValues& p);
// Radii it has no code for (beyond kGaussTensorMaxRadius): in a pipeline its fallback runs (VariantSpec::format_limit).
std::optional<std::string> GaussTensorRadiusProblem(const ParamValues& p, PixelFormat in);
// Shared memory on stages each block's input rows; off, each warp loads its own.
std::size_t GaussTensorSmemBytes(const LaunchConfig& c, const ParamValues& p, PixelFormat f);

// Each warp (threadIdx.y) owns a strip 16 bytes wide (16 gray8 pixels, 4 rgba8 ones) and ppt rows tall; the
// warps of a block lie side by side.
inline BlockFootprint GaussTensorFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat f) {
  return {16 * c.block_y / static_cast<int>(BytesPerPixel(f)), c.ppt, p.Int("radius")};
}

}  // namespace fl::cuda
