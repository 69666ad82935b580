#pragma once
// Shared by the CPU and GPU tests: deterministic random images, comparisons, and the stage-spec form of params.
#include <cstdint>
#include <string>

#include "core/filter_spec.hpp"
#include "core/image.hpp"

namespace fl::test {

// Uniform random pixels (floats in [-1, 2) so that clamping paths are exercised), fixed by `seed`.
Image RandomImage(int width, int height, PixelFormat format, std::uint32_t seed);

struct Difference {
  double max_abs = 0;     // largest |a - b| over all channels
  std::size_t count = 0;  // channels that differ by more than the tolerance
  int first_x = -1, first_y = -1;
  std::string Describe() const;
};
// Compares two images of the same shape; values beyond `tolerance` count as mismatches. NaN never matches.
Difference Compare(const Image& a, const Image& b, double tolerance = 0.0);

// Parameters from a filter's defaults overridden by "k=v:k=v" (a FilterSpec::test_cases entry).
ParamValues ParamsFor(const FilterSpec& f, const std::string& overrides);
// The input a default launch is chosen for where a test sizes its own image around the launch: a large one, so
// that rules which follow the image's size (gauss tensor's block) pick their large-image launch.
inline ImageShape LargeImage(PixelFormat f) { return {8192, 8192, f}; }

// The folder of the bundled sample images (assets/).
std::string AssetPath(const std::string& name);
// A file of tests/data/ (small fixtures the tests cannot generate).
std::string TestDataPath(const std::string& name);

}  // namespace fl::test
