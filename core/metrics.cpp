#include "core/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"

namespace fl {
namespace {

std::string ShapeText(const ImageShape& s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height) + " " + std::string(ToString(s.format));
}

void CheckSameShape(const Image& a, const Image& b) {
  if (a.shape() != b.shape())
    throw InputError("cannot compare " + ShapeText(a.shape()) + " with " + ShapeText(b.shape()));
}

double Value(const Image& img, int x, int y, int c) {
  if (img.format() == PixelFormat::Gray32f) return img.Row<float>(y)[x];
  return img.Row<std::uint8_t>(y)[x * Channels(img.format()) + c];
}

double ValueRange(const Image& img) {
  if (img.format() != PixelFormat::Gray32f) return 255.0;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      const double v = img.Row<float>(y)[x];
      if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
  return hi > lo ? hi - lo : 1.0;
}

// Largest per-channel difference of one pixel (NaN against a number counts as infinitely different).
double PixelDifference(const Image& a, const Image& b, int x, int y) {
  double d = 0;
  for (int c = 0; c < Channels(a.format()); ++c) {
    const double diff = std::fabs(Value(a, x, y, c) - Value(b, x, y, c));
    d = std::max(d, std::isnan(diff) ? std::numeric_limits<double>::infinity() : diff);
  }
  return d;
}

}  // namespace

ImageMetrics CompareImages(const Image& a, const Image& b, double tolerance) {
  CheckSameShape(a, b);
  ImageMetrics m;
  double sum_abs = 0, sum_sq = 0;
  const int ch = Channels(a.format());
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) {
      bool mismatch = false;
      for (int c = 0; c < ch; ++c) {
        double diff = std::fabs(Value(a, x, y, c) - Value(b, x, y, c));
        if (std::isnan(diff)) diff = std::numeric_limits<double>::infinity();
        m.max_abs = std::max(m.max_abs, diff);
        sum_abs += diff;
        sum_sq += diff * diff;
        mismatch |= diff > tolerance;
      }
      if (mismatch) {
        if (!m.first_mismatch) m.first_mismatch = std::make_pair(x, y);
        ++m.mismatches;
      }
    }
  const double n = static_cast<double>(a.shape().Pixels()) * ch;
  m.mean_abs = sum_abs / n;
  const double mse = sum_sq / n;
  const double peak = ValueRange(a);
  m.psnr = mse == 0 ? std::numeric_limits<double>::infinity() : 10.0 * std::log10(peak * peak / mse);
  m.mismatch_pct = 100.0 * static_cast<double>(m.mismatches) / static_cast<double>(a.shape().Pixels());
  return m;
}

Image DifferenceHeatMap(const Image& a, const Image& b, double gain) {
  CheckSameShape(a, b);
  const double range = ValueRange(a);
  Image out(a.width(), a.height(), PixelFormat::Rgba8);
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) {
      // t in [0, 1]: black -> red -> yellow -> white, so small differences are visible and large ones stand out.
      const double t = std::clamp(PixelDifference(a, b, x, y) * gain / range, 0.0, 1.0);
      const double r = std::clamp(t * 3.0, 0.0, 1.0), g = std::clamp(t * 3.0 - 1.0, 0.0, 1.0),
                   bl = std::clamp(t * 3.0 - 2.0, 0.0, 1.0);
      std::uint8_t* p = out.Row<std::uint8_t>(y) + 4 * x;
      p[0] = static_cast<std::uint8_t>(std::lround(r * 255));
      p[1] = static_cast<std::uint8_t>(std::lround(g * 255));
      p[2] = static_cast<std::uint8_t>(std::lround(bl * 255));
      p[3] = 255;
    }
  return out;
}

}  // namespace fl
