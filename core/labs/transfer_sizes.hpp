#pragma once
// The transfers lab's plain side: which buffer sizes it measures and how a sample becomes a row.
#include <cstddef>
#include <string>
#include <vector>

namespace fl::labs {

constexpr std::size_t kKiB = 1024, kMiB = 1024 * 1024;

// Sizes from 256 KiB up to `largest` (each 4x the last), and `largest` itself when it is not one of them:
// 256 KiB, 1 MiB, 4 MiB, 16 MiB, 64 MiB, 256 MiB. Throws InputError when `largest` < 256 KiB.
std::vector<std::size_t> TransferSizes(std::size_t largest);
// `sizes` with `bytes` added in order (the lab's own image, so that its copy is measured too); unchanged when
// bytes is below 256 KiB or already there.
std::vector<std::size_t> WithSize(std::vector<std::size_t> sizes, std::size_t bytes);

// GB/s (10^9 bytes per second) of `bytes` moved in `ms`; 0 when ms <= 0.
double GigabytesPerSecond(std::size_t bytes, double ms);
// The median of samples (the mean of the middle two for an even count); 0 for none.
double MedianMs(std::vector<double> samples);
// "256 KiB", "4 MiB", "1.5 MiB"
std::string FormatBytes(std::size_t bytes);

}  // namespace fl::labs
