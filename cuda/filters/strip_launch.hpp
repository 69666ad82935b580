#pragma once
// The launch facts every `fast` strip variant shares (cuda/filters/chunk_strip.cuh), declared once: the
// registry's LaunchUse, the plan's launch check and its messages, the footprint and the kernels all read
// them. Plain C++: the declarations in filters/ include it.
#include <cstddef>
#include <optional>
#include <string>

#include "core/filter_spec.hpp"
#include "core/strip_tiers.hpp"

namespace fl::cuda::strip {

constexpr int kChunkBytesPerThread = 16;  // one 16-byte load and store per row per thread
constexpr int kMinRows = 1, kMaxRows = 64;  // output rows per thread (the launch's ppt)
constexpr int kPipeDepth =
    4;  // rows of the cp.async prefetch ring (row_pipe.cuh): 3 in flight while one is used

// Shared memory of a block's prefetch rings: per thread kPipeDepth 16-byte slots, twice that with the edge chunks
// of a warp's end lanes.
constexpr std::size_t PipeBytes(long threads, bool edges) {
  return static_cast<std::size_t>(threads) * kPipeDepth * 16 * (edges ? 2 : 1);
}
// What a strip stencil kernel (one stream, with edges) asks per block, for the plan's launch check: its prefetch
// ring with shared memory on, nothing with it off.
inline std::size_t SmemBytes(const LaunchConfig& c, const ParamValues&, PixelFormat) {
  return !c.smem || c.block_x <= 0 || c.block_y <= 0 ? 0 : PipeBytes(static_cast<long>(c.block_x) * c.block_y, true);
}

// The fast kernels are compiled for blocks of at most this many threads (__launch_bounds__), which is what lets
// the compiler give each thread the registers its window of rows needs.
constexpr int kMaxThreads = 256;

// A warp must be one row of 32 consecutive chunks, so that neighbours are a shuffle away; and the block must fit
// the kernel's launch bounds.
inline std::optional<std::string> BlockProblem(const LaunchConfig& c, const ParamValues&) {
  if (c.block_x % 32 != 0)
    return "block x " + std::to_string(c.block_x) + " is not a multiple of 32: a warp must span one row of chunks";
  const long threads = static_cast<long>(c.block_x) * c.block_y;
  if (threads > kMaxThreads)
    return "block " + std::to_string(c.block_x) + "x" + std::to_string(c.block_y) + " = " + std::to_string(threads) +
           " threads > " + std::to_string(kMaxThreads) + ", the most the fast kernels are compiled for";
  return std::nullopt;
}

// Launch fields of a strip variant: block (x a multiple of 32), rows per thread, and shared memory on (rows
// prefetched by cp.async into a ring) or off (each row loaded into registers when it is needed).
inline LaunchUse Use() {
  return LaunchUse{.block = true, .ppt = true, .smem = true, .ppt_min = kMinRows, .ppt_max = kMaxRows};
}
// The default launch: measured on an H100 (bench/sweep_fast.sh, 8192x8192 gray8, docs/PERFORMANCE.md), blocks of
// 32x4 beat 32x8 and 64x4 for every stencil. Rows per thread: with the short tail strips (StripTiers), 16 for every
// gray8 stencil that has them (before them, 4 suited radius 1 and 8 the wider or heavier stencils: longer strips
// paid in the grid's tail what they saved in apron rows); some rgba8 stencils keep fewer, and box fast (tail strips
// up to radius 3) and gauss half2 (none) their own radius rules.
inline LaunchConfig Defaults(int rows) { return LaunchConfig{.block_x = 32, .block_y = 4, .ppt = rows, .smem = true}; }

// Kernels whose warps overlap (box fast from radius 5, gauss half2): a warp's two end lanes only serve as the apron
// of its 30 middle lanes, which write, so that every lane's neighbours are a shuffle away without edge fetches.
// rgba8 box from radius 5 needs up to 4 apron lanes on each side (BoxFastApronChunks).
constexpr int ApronWarpChunks(int apron_lanes) { return 32 - 2 * apron_lanes; }
constexpr int kApronWarpChunks = ApronWarpChunks(1);  // one apron lane on each side
// Their footprint: a block writes (block_x / 32) warps x 32 - 2 apron_lanes chunks across and block_y x ppt rows
// down.
inline BlockFootprint ApronWarpFootprint(const LaunchConfig& c, int halo, PixelFormat in, int apron_lanes = 1) {
  return {c.block_x / 32 * ApronWarpChunks(apron_lanes) * kChunkBytesPerThread / static_cast<int>(BytesPerPixel(in)),
          c.block_y * c.ppt, halo};
}

// A block writes block_x chunks of 16 bytes (16 / bytes-per-pixel pixels each) across and block_y x ppt rows
// down, and reads `halo` pixels around that.
inline BlockFootprint Footprint(const LaunchConfig& c, int halo, PixelFormat in) {
  return {c.block_x * kChunkBytesPerThread / static_cast<int>(BytesPerPixel(in)), c.block_y * c.ppt, halo};
}

// The tail strips' grid (StripTiers, TiersFor) is plain arithmetic in core/strip_tiers.hpp, which the viewer's
// launch-grid overlay reads too.
using ::fl::StripTiers;
using ::fl::TiersFor;

}  // namespace fl::cuda::strip
