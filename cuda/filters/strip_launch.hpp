#pragma once
// The launch facts every `fast` strip variant shares (cuda/filters/chunk_strip.cuh), declared once: the
// registry's LaunchUse, the plan's launch check and its messages, the footprint and the kernels all read them.
// Plain C++: the declarations in filters/ include it.
#include <optional>
#include <string>

#include "core/filter_spec.hpp"

namespace fl::cuda::strip {

constexpr int kChunkBytesPerThread = 16;  // one 16-byte load and store per row per thread
constexpr int kMinRows = 1, kMaxRows = 64, kDefaultRows = 16;  // output rows per thread (the launch's ppt)

// A warp must be one row of 32 consecutive chunks, so that neighbours are a shuffle away.
inline std::optional<std::string> BlockProblem(const LaunchConfig& c, const ParamValues&) {
  if (c.block_x % 32 != 0)
    return "block x " + std::to_string(c.block_x) + " is not a multiple of 32: a warp must span one row of chunks";
  return std::nullopt;
}

// Launch fields of a strip variant: block (x a multiple of 32) and rows per thread.
inline LaunchUse Use() {
  return LaunchUse{.block = true, .ppt = true, .ppt_min = kMinRows, .ppt_max = kMaxRows};
}
inline LaunchConfig Defaults() { return LaunchConfig{.block_x = 32, .block_y = 8, .ppt = kDefaultRows}; }

// A block writes block_x chunks of 16 bytes (16 / bytes-per-pixel pixels each) across and block_y x ppt rows
// down, and reads `halo` pixels around that.
inline BlockFootprint Footprint(const LaunchConfig& c, int halo, PixelFormat in) {
  return {c.block_x * kChunkBytesPerThread / static_cast<int>(BytesPerPixel(in)), c.block_y * c.ppt, halo};
}

}  // namespace fl::cuda::strip
