#include "core/plot.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace fl {
namespace {

constexpr Rgba kBackground{255, 255, 255, 255};
constexpr Rgba kAxis{60, 60, 60, 255};
constexpr Rgba kMissing{200, 200, 200, 255};

// 3x5 glyphs, one row per 3 bits (msb left), for '0'..'9', '.', 'x'.
constexpr std::array<std::array<std::uint8_t, 5>, 12> kGlyphs = {{
    {7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {7, 1, 7, 4, 7}, {7, 1, 7, 1, 7}, {5, 5, 7, 1, 1}, {7, 4, 7, 1, 7},
    {7, 4, 7, 5, 7}, {7, 1, 1, 1, 1}, {7, 5, 7, 5, 7}, {7, 5, 7, 1, 7}, {0, 0, 0, 0, 2}, {0, 5, 2, 5, 0},
}};

int GlyphIndex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c == '.') return 10;
  if (c == 'x') return 11;
  return -1;
}

void SetPixel(Image& img, int x, int y, Rgba c) {
  if (x < 0 || y < 0 || x >= img.width() || y >= img.height()) return;
  std::copy(c.begin(), c.end(), img.Row<std::uint8_t>(y) + 4 * x);
}

// Bars cycle through distinct colours so that neighbouring stages are told apart.
Rgba BarColour(std::size_t i) {
  static const Rgba kColours[] = {{66, 133, 244, 255}, {219, 68, 55, 255}, {244, 180, 0, 255},
                                  {15, 157, 88, 255},  {171, 71, 188, 255}, {0, 172, 193, 255}};
  return kColours[i % (sizeof kColours / sizeof kColours[0])];
}

// Dark blue (t = 0) through teal and green to yellow (t = 1).
Rgba Ramp(double t) {
  t = std::clamp(t, 0.0, 1.0);
  const double r = t < 0.5 ? 30 + t * 2 * 10 : 40 + (t - 0.5) * 2 * 213;
  const double g = 30 + t * 200;
  const double b = t < 0.5 ? 110 + t * 2 * 40 : 150 - (t - 0.5) * 2 * 120;
  return {static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g), static_cast<std::uint8_t>(b), 255};
}

Image Blank(int w, int h) {
  Image img(w, h, PixelFormat::Rgba8);
  FillRect(img, 0, 0, w, h, kBackground);
  return img;
}

}  // namespace

void FillRect(Image& img, int x0, int y0, int x1, int y1, Rgba colour) {
  for (int y = std::max(0, y0); y < std::min(img.height(), y1); ++y)
    for (int x = std::max(0, x0); x < std::min(img.width(), x1); ++x) SetPixel(img, x, y, colour);
}

void DrawDigits(Image& img, int x, int y, const std::string& text, int scale, Rgba colour) {
  for (char c : text) {
    const int g = GlyphIndex(c);
    if (g >= 0)
      for (int row = 0; row < 5; ++row)
        for (int col = 0; col < 3; ++col)
          if (kGlyphs[g][row] & (4 >> col))
            FillRect(img, x + col * scale, y + row * scale, x + (col + 1) * scale, y + (row + 1) * scale, colour);
    x += 4 * scale;
  }
}

int BarChartWidth(std::size_t bars) { return std::max(160, 40 * static_cast<int>(bars) + 40); }

Image BarChart(const std::vector<double>& values) {
  const int w = BarChartWidth(values.size()), h = kBarChartHeight;
  Image img = Blank(w, h);
  const int left = 20, bottom = h - 30, top = 10;  // plot area: [left, w - 20) x [top, bottom)
  double max = 0;
  for (double v : values)
    if (std::isfinite(v)) max = std::max(max, v);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const int x0 = left + 40 * static_cast<int>(i) + 8, x1 = x0 + 24;
    if (std::isfinite(values[i]) && values[i] > 0 && max > 0) {
      const int bar = std::max(1, static_cast<int>(std::lround(values[i] / max * (bottom - top))));
      FillRect(img, x0, bottom - bar, x1, bottom, BarColour(i));
    }
    const std::string label = std::to_string(i + 1);
    DrawDigits(img, (x0 + x1) / 2 - (4 * 2 * static_cast<int>(label.size()) - 2) / 2, bottom + 8, label, 2, kAxis);
  }
  FillRect(img, left, bottom, w - 20, bottom + 2, kAxis);  // the axis
  FillRect(img, left, top, left + 2, bottom, kAxis);
  return img;
}

Image HeatMap(const std::vector<std::vector<std::optional<double>>>& rows, int cell) {
  std::size_t cols = 0;
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& r : rows) {
    cols = std::max(cols, r.size());
    for (const auto& v : r)
      if (v && std::isfinite(*v)) lo = std::min(lo, *v), hi = std::max(hi, *v);
  }
  if (rows.empty() || cols == 0) throw InputError("heat map: no values");
  const int w = static_cast<int>(cols) * cell, h = static_cast<int>(rows.size()) * cell;
  Image img = Blank(w, h);
  int best_x = -1, best_y = -1;
  for (std::size_t y = 0; y < rows.size(); ++y)
    for (std::size_t x = 0; x < cols; ++x) {
      const std::optional<double> v = x < rows[y].size() ? rows[y][x] : std::nullopt;
      const bool known = v && std::isfinite(*v);
      const double t = known ? (hi > lo ? (hi - *v) / (hi - lo) : 1.0) : 0.0;
      const int cx = static_cast<int>(x) * cell, cy = static_cast<int>(y) * cell;
      FillRect(img, cx + 1, cy + 1, cx + cell - 1, cy + cell - 1, known ? Ramp(t) : kMissing);
      if (known && *v == lo && best_x < 0) best_x = cx, best_y = cy;
    }
  if (best_x >= 0) {  // outline the fastest cell
    const Rgba outline = kAxis;
    FillRect(img, best_x, best_y, best_x + cell, best_y + 2, outline);
    FillRect(img, best_x, best_y + cell - 2, best_x + cell, best_y + cell, outline);
    FillRect(img, best_x, best_y, best_x + 2, best_y + cell, outline);
    FillRect(img, best_x + cell - 2, best_y, best_x + cell, best_y + cell, outline);
  }
  return img;
}

}  // namespace fl
