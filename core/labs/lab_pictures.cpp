#include "core/labs/lab_pictures.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace fl::labs {

namespace {
int ScaledSide(int side, int max_side) { return std::max(1, std::min(side, max_side)); }

void Put(Image& rgba, int x, int y, std::uint32_t c) {
  std::uint8_t* p = rgba.Row<std::uint8_t>(y) + 4 * static_cast<std::size_t>(x);
  p[0] = c >> 24, p[1] = (c >> 16) & 0xff, p[2] = (c >> 8) & 0xff, p[3] = c & 0xff;
}
}  // namespace

Image DownsampledRgba(const Image& gray, int max_side, double* scale) {
  const double s = std::min(1.0, static_cast<double>(max_side) / std::max(gray.width(), gray.height()));
  const int w = ScaledSide(static_cast<int>(gray.width() * s), max_side);
  const int h = ScaledSide(static_cast<int>(gray.height() * s), max_side);
  Image out(w, h, PixelFormat::Rgba8);
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* src = gray.Row<std::uint8_t>(std::min(gray.height() - 1, static_cast<int>(y / s)));
    for (int x = 0; x < w; ++x) {
      const std::uint8_t v = src[std::min(gray.width() - 1, static_cast<int>(x / s))];
      Put(out, x, y, (std::uint32_t{v} << 24) | (std::uint32_t{v} << 16) | (std::uint32_t{v} << 8) | 0xff);
    }
  }
  if (scale) *scale = s;
  return out;
}

void DrawRect(Image& rgba, int x0, int y0, int x1, int y1, std::uint32_t c) {
  const int cx0 = std::max(x0, 0), cy0 = std::max(y0, 0);
  const int cx1 = std::min(x1, rgba.width()), cy1 = std::min(y1, rgba.height());
  if (cx0 >= cx1 || cy0 >= cy1) return;
  for (int x = cx0; x < cx1; ++x) {
    if (y0 >= 0) Put(rgba, x, y0, c);
    if (y1 <= rgba.height()) Put(rgba, x, y1 - 1, c);
  }
  for (int y = cy0; y < cy1; ++y) {
    if (x0 >= 0) Put(rgba, x0, y, c);
    if (x1 <= rgba.width()) Put(rgba, x1 - 1, y, c);
  }
}

Image HeatMap(const float* m, int n, int max_side) {
  const int side = ScaledSide(n, max_side);
  float limit = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(n) * n; ++i) limit = std::max(limit, std::fabs(m[i]));
  if (limit == 0) limit = 1;
  Image out(side, side, PixelFormat::Rgba8);
  for (int y = 0; y < side; ++y) {
    const auto r = static_cast<std::size_t>(static_cast<long long>(y) * n / side);
    for (int x = 0; x < side; ++x) {
      const auto c = static_cast<std::size_t>(static_cast<long long>(x) * n / side);
      const double t = std::clamp(m[r * n + c] / static_cast<double>(limit), -1.0, 1.0);
      // White at 0; toward red (t > 0) the other channels fade, toward blue (t < 0) red and green fade.
      const auto fade = static_cast<std::uint32_t>(std::lround(255 * (1 - std::fabs(t))));
      Put(out, x, y,
          t >= 0 ? (0xffu << 24) | (fade << 16) | (fade << 8) | 0xff
                 : (fade << 24) | (fade << 16) | (0xffu << 8) | 0xff);
    }
  }
  return out;
}

}  // namespace fl::labs
