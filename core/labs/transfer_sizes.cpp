#include "core/labs/transfer_sizes.hpp"

#include <algorithm>
#include <cstdio>

#include "core/error.hpp"

namespace fl::labs {

std::vector<std::size_t> TransferSizes(std::size_t largest) {
  if (largest < 256 * kKiB)
    throw InputError("transfer sizes start at 256 KiB; " + FormatBytes(largest) + " is smaller");
  std::vector<std::size_t> out;
  for (std::size_t b = 256 * kKiB; b <= largest; b *= 4) out.push_back(b);
  if (out.back() != largest) out.push_back(largest);
  return out;
}

std::vector<std::size_t> WithSize(std::vector<std::size_t> sizes, std::size_t bytes) {
  if (bytes < 256 * kKiB || std::find(sizes.begin(), sizes.end(), bytes) != sizes.end()) return sizes;
  sizes.insert(std::upper_bound(sizes.begin(), sizes.end(), bytes), bytes);
  return sizes;
}

double GigabytesPerSecond(std::size_t bytes, double ms) {
  return ms > 0 ? static_cast<double>(bytes) / (ms * 1e6) : 0.0;
}

double MedianMs(std::vector<double> samples) {
  if (samples.empty()) return 0;
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  return n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
}

std::string FormatBytes(std::size_t bytes) {
  char buf[32];
  if (bytes >= kMiB)
    std::snprintf(buf, sizeof buf, "%g MiB", static_cast<double>(bytes) / kMiB);
  else if (bytes >= kKiB)
    std::snprintf(buf, sizeof buf, "%g KiB", static_cast<double>(bytes) / kKiB);
  else
    std::snprintf(buf, sizeof buf, "%zu B", bytes);
  return buf;
}

}  // namespace fl::labs
