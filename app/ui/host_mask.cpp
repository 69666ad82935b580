#include "app/ui/host_mask.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "cuda/compare/difference_map.hpp"  // kMismatchColour, DimmedGrey: plain constants

namespace fl::ui {

namespace {

// The largest channel difference of one pixel; NaN counts as infinitely different (as CompareImages does).
double PixelDifference(const Image& a, const Image& b, int x, int y) {
  switch (a.format()) {
    case PixelFormat::Gray8:
      return std::abs(int{a.Row<std::uint8_t>(y)[x]} - int{b.Row<std::uint8_t>(y)[x]});
    case PixelFormat::Rgba8: {
      int d = 0;
      for (int c = 0; c < 4; ++c)
        d = std::max(d, std::abs(int{a.Row<std::uint8_t>(y)[4 * x + c]} - int{b.Row<std::uint8_t>(y)[4 * x + c]}));
      return d;
    }
    case PixelFormat::Gray32f: {
      const double d = std::fabs(double{a.Row<float>(y)[x]} - double{b.Row<float>(y)[x]});
      return std::isnan(d) ? std::numeric_limits<double>::infinity() : d;
    }
  }
  return 0;
}

}  // namespace

Image HostMismatchMask(const Image& a, const Image& b, double tolerance) {
  if (a.shape() != b.shape()) throw InputError("A and B differ in shape: no mismatch mask");
  // gray32f: A's finite span scales it to 0..255, as on the device.
  float lo = 0, hi = 0;
  bool any = false;
  if (a.format() == PixelFormat::Gray32f)
    for (int y = 0; y < a.height(); ++y)
      for (int x = 0; x < a.width(); ++x) {
        const float v = a.Row<float>(y)[x];
        if (!std::isfinite(v)) continue;
        lo = any ? std::min(lo, v) : v;
        hi = any ? std::max(hi, v) : v;
        any = true;
      }
  const double peak = hi > lo ? double{hi} - double{lo} : 1.0;
  const float scale = static_cast<float>(255.0 / peak);
  Image out(a.width(), a.height(), PixelFormat::Rgba8);
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) {
      std::uint8_t* o = out.Row<std::uint8_t>(y) + 4 * x;
      if (PixelDifference(a, b, x, y) > tolerance) {
        std::copy(cuda::kMismatchColour.begin(), cuda::kMismatchColour.end(), o);
        continue;
      }
      std::uint8_t grey = 0;
      if (a.format() == PixelFormat::Gray8) {
        grey = a.Row<std::uint8_t>(y)[x];
      } else if (a.format() == PixelFormat::Rgba8) {
        const std::uint8_t* p = a.Row<std::uint8_t>(y) + 4 * x;
        grey = static_cast<std::uint8_t>((77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8);  // `gray`'s luma
      } else {
        const float f = a.Row<float>(y)[x];
        grey = std::isfinite(f) ? static_cast<std::uint8_t>(
                                      std::clamp(std::floor((f - lo) * scale + 0.5f), 0.0f, 255.0f))
                                : 0;
      }
      const std::uint8_t g = cuda::DimmedGrey(grey);
      o[0] = o[1] = o[2] = g;
      o[3] = 255;
    }
  return out;
}

}  // namespace fl::ui
