#pragma once
// The histogram lab's CPU oracle: 256 bins per channel, counted exactly.
#include <cstdint>
#include <vector>

#include "core/image.hpp"

namespace fl::labs {

// Counts of every byte value, channel-major: gray8 gives 256 bins, rgba8 4 x 256 (bins[c * 256 + v] counts
// the pixels whose channel c (r, g, b, a) is v). Plain loops in row order.
std::vector<std::uint64_t> HistogramReference(const ImageView& image);
// The same counts on every core (per-thread histograms summed at the end): identical to the reference.
std::vector<std::uint64_t> HistogramOpenmp(const ImageView& image);

// The 256 bins of one channel, and the 256 bins of every channel together (their sum).
std::vector<std::uint64_t> ChannelBins(const std::vector<std::uint64_t>& bins, int channel);
std::vector<std::uint64_t> AllChannelBins(const std::vector<std::uint64_t>& bins);

}  // namespace fl::labs
