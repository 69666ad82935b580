#pragma once
// Small pictures for lab panels and reports: downsampled gray images with rectangles drawn over them, and
// matrices as heat maps.
#include <cstdint>

#include "core/image.hpp"

namespace fl::labs {

// Nearest-neighbour downsampling of a gray8 image so that neither side exceeds `max_side`, as rgba8 gray.
// `scale` receives the factor applied (<= 1).
Image DownsampledRgba(const Image& gray, int max_side, double* scale);

// Outlines [x0, x1) x [y0, y1) (clipped to the image) in rgba8.
void DrawRect(Image& rgba, int x0, int y0, int x1, int y1, std::uint32_t rgba_color);

// An n x n row-major matrix as a heat map (at most `max_side` a side, nearest cell: averaging would wash
// random entries out to white): a diverging map from blue (-limit) through white (0) to red (+limit); limit
// is the largest |value|.
Image HeatMap(const float* m, int n, int max_side);

}  // namespace fl::labs
