#include "app/ui/host_display.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace fl::ui {

HostRange HostMinMax(const Image& img) {
  if (img.format() != PixelFormat::Gray32f) return {0.0f, 255.0f, true};
  float lo = FLT_MAX, hi = -FLT_MAX;
  for (int y = 0; y < img.height(); ++y) {
    const float* row = img.Row<float>(y);
    for (int x = 0; x < img.width(); ++x)
      if (std::isfinite(row[x])) {
        lo = std::min(lo, row[x]);
        hi = std::max(hi, row[x]);
      }
  }
  if (lo > hi) return {0.0f, 0.0f, false};
  return {lo, hi, true};
}

// Each operation rounded on its own, as the device does with __fsub_rn / __fmul_rn / __fadd_rn.
static std::uint8_t NormalisedByte(float f, float lo, float scale) {
  if (!std::isfinite(f)) return 0;
  volatile float d = f - lo;  // volatile: keep the compiler from fusing into an FMA
  volatile float m = d * scale;
  const float v = m + 0.5f;
  return static_cast<std::uint8_t>(std::clamp(std::floor(v), 0.0f, 255.0f));
}

Image HostToRgba8(const Image& img, int step, HostRange range) {
  step = std::max(step, 1);
  const int dw = (img.width() + step - 1) / step, dh = (img.height() + step - 1) / step;
  Image out(dw, dh, PixelFormat::Rgba8);
  const float span = range.hi - range.lo;
  const float scale = (range.finite && span > 0.0f) ? 255.0f / span : 0.0f;
  for (int y = 0; y < dh; ++y) {
    const int sy = std::min(y * step, img.height() - 1);
    std::uint8_t* o = out.Row<std::uint8_t>(y);
    for (int x = 0; x < dw; ++x, o += 4) {
      const int sx = std::min(x * step, img.width() - 1);
      switch (img.format()) {
        case PixelFormat::Gray8: o[0] = o[1] = o[2] = img.Row<std::uint8_t>(sy)[sx]; break;
        case PixelFormat::Rgba8: {
          const std::uint8_t* p = img.Row<std::uint8_t>(sy) + 4 * static_cast<std::size_t>(sx);
          o[0] = p[0];
          o[1] = p[1];
          o[2] = p[2];
          break;
        }
        case PixelFormat::Gray32f:
          o[0] = o[1] = o[2] = NormalisedByte(img.Row<float>(sy)[sx], range.lo, scale);
          break;
      }
      o[3] = 255;
    }
  }
  return out;
}

int DisplayStep(int width, int height, int max_texture) {
  if (max_texture <= 0) return 1;
  int step = 1;
  while ((width + step - 1) / step > max_texture || (height + step - 1) / step > max_texture) ++step;
  return step;
}

}  // namespace fl::ui
