#pragma once
// The reduce lab's CPU oracle: sum (exact, 64-bit), mean, min and max of an image's bytes, per channel and
// over every channel together.
#include <array>
#include <cstdint>
#include <vector>

#include "core/image.hpp"

namespace fl::labs {

struct ChannelStats {
  std::uint64_t sum = 0;
  std::uint64_t count = 0;  // values counted
  int min = 255;
  int max = 0;
  double Mean() const { return count ? static_cast<double>(sum) / static_cast<double>(count) : 0.0; }
  bool operator==(const ChannelStats&) const = default;
};

struct ReduceStats {
  ChannelStats all;                    // every byte of the image (for rgba8: all four channels together)
  std::vector<ChannelStats> channels;  // gray8: one; rgba8: r, g, b, a
  bool operator==(const ReduceStats&) const = default;
};

// Plain loops in row order.
ReduceStats ReduceReference(const ImageView& image);
// Rows split over the cores, partial results combined: identical to the reference (integer sums).
ReduceStats ReduceOpenmp(const ImageView& image);

// What a byte-lane reduction found (lane k = byte offsets k mod 4 of the packed image: for rgba8 the
// channels, for gray8 positions only), turned into per-channel and overall statistics. `bytes` is the image's
// byte count.
struct LaneStats {
  std::array<std::uint64_t, 4> sum{};
  std::array<int, 4> min{255, 255, 255, 255};
  std::array<int, 4> max{};
};
ReduceStats StatsFromLanes(const LaneStats& lanes, PixelFormat format, std::uint64_t bytes);

}  // namespace fl::labs
