#pragma once
// How two images differ: the numbers the A/B view and `filterlab compare` show.
#include <optional>

#include "core/image.hpp"

namespace fl {

struct ImageMetrics {
  double max_abs = 0;          // largest |a - b| over all pixels and channels
  double mean_abs = 0;         // mean |a - b| over all pixels and channels
  double psnr = 0;             // dB; +infinity when identical. Peak 255 for 8-bit, the value range of `a` for float
  std::size_t mismatches = 0;  // pixels where any channel differs by more than the tolerance
  double mismatch_pct = 0;     // mismatches as a percentage of all pixels
  std::optional<std::pair<int, int>> first_mismatch;  // (x, y) in row-major order
};

// Throws InputError when the shapes differ (naming both).
ImageMetrics CompareImages(const Image& a, const Image& b, double tolerance = 0.0);

// |a - b| as a heat map (rgba8): black where equal, through red and yellow to white at max; `gain` multiplies the
// difference before mapping (difference * gain / 255 for 8-bit, / value range for float, saturating at 1).
Image DifferenceHeatMap(const Image& a, const Image& b, double gain = 1.0);

}  // namespace fl
