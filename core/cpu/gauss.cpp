#include "core/cpu/gauss.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

#include "core/cpu/gauss_weights.hpp"
#include "core/cpu/pixel_access.hpp"
#include "core/cpu/row_loop.hpp"

namespace fl::cpu {
namespace {

inline void StoreChannel(float v, std::uint8_t& out) {
  out = static_cast<std::uint8_t>(std::fmin(std::fmax(std::floor(v + 0.5f), 0.0f), 255.0f));
}
inline void StoreChannel(float v, float& out) { out = v; }

// One output row. T is the channel type (std::uint8_t for gray8 and rgba8, float for gray32f).
template <typename T>
void GaussRow(const CpuCall& c, const std::vector<float>& w2, int r, int y) {
  const int w = c.in.width(), h = c.in.height(), channels = Channels(c.in.format());
  T* out = c.out.Row<T>(y);
  for (int x = 0; x < w; ++x)
    for (int ch = 0; ch < channels; ++ch) {
      float acc = 0.0f;
      const float* wk = w2.data();
      for (int dy = -r; dy <= r; ++dy) {
        const T* row = c.in.Row<T>(Clamp(y + dy, 0, h - 1));
        for (int dx = -r; dx <= r; ++dx)
          acc += *wk++ * static_cast<float>(row[Clamp(x + dx, 0, w - 1) * channels + ch]);
      }
      StoreChannel(acc, out[x * channels + ch]);
    }
}

void Gauss(const CpuCall& c, bool parallel) {
  const int r = c.params.Int("radius");
  const std::vector<float> w2 = GaussWeights2D(r, c.params.Float("sigma"));
  if (c.in.format() == PixelFormat::Gray32f)
    ForEachRow(c.in.height(), parallel, [&](int y) { GaussRow<float>(c, w2, r, y); });
  else
    ForEachRow(c.in.height(), parallel, [&](int y) { GaussRow<std::uint8_t>(c, w2, r, y); });
}

}  // namespace

void GaussReference(const CpuCall& call) { Gauss(call, false); }
void GaussOpenmp(const CpuCall& call) { Gauss(call, true); }

}  // namespace fl::cpu
