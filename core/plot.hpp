#pragma once
// Small charts rasterized into rgba8 images for reports (written with SaveImage): bars with their index under
// each, and a heat map of a grid of values. The only text is digits (a 3x5 pixel font scaled up): the report's
// markdown says what each bar and each row and column is.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/image.hpp"

namespace fl {

using Rgba = std::array<std::uint8_t, 4>;

constexpr int kBarChartHeight = 240;
// One bar per value, left to right, numbered 1..n under the bars, heights proportional to value / max. Width:
// 40 pixels per bar plus margins (at least 160). Negative or non-finite values draw no bar.
Image BarChart(const std::vector<double>& values);
int BarChartWidth(std::size_t bars);

// A grid of values (rows[y][x]; nullopt: no measurement, drawn grey), each cell `cell` pixels square, coloured
// from dark blue (largest value) to yellow (smallest): for times, brighter is faster. The best (smallest) cell is outlined.
Image HeatMap(const std::vector<std::vector<std::optional<double>>>& rows, int cell = 32);

// Draws a digit string (0-9, '.', 'x') at (x, y) with each font pixel `scale` pixels square.
void DrawDigits(Image& img, int x, int y, const std::string& text, int scale, Rgba colour);
void FillRect(Image& img, int x0, int y0, int x1, int y1, Rgba colour);  // [x0, x1) x [y0, y1), clipped

}  // namespace fl
