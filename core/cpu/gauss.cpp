#include "core/cpu/gauss.hpp"

#include <algorithm>
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
// Every output value sums its taps in the same order, dy outer and dx inner, both ascending. The loops run
// taps outside and pixels inside so that the interior of a row (where x + dx needs no clamping) is a
// contiguous, vectorisable loop: each value still sees its taps in that order, so the result is unchanged.
template <typename T>
void GaussRow(const CpuCall& c, const std::vector<float>& w2, int r, int y) {
  const int w = c.in.width(), h = c.in.height(), channels = Channels(c.in.format());
  std::vector<float> acc(static_cast<std::size_t>(w) * channels, 0.0f);
  const float* wk = w2.data();
  for (int dy = -r; dy <= r; ++dy) {
    const T* row = c.in.Row<T>(Clamp(y + dy, 0, h - 1));
    const T* first = row;                                              // x + dx < 0 reads pixel 0
    const T* last = row + static_cast<std::size_t>(w - 1) * channels;  // x + dx >= w reads pixel w - 1
    for (int dx = -r; dx <= r; ++dx, ++wk) {
      const float weight = *wk;
      const int x0 = Clamp(-dx, 0, w), x1 = std::max(x0, Clamp(w - dx, 0, w));  // [x0, x1): no clamping
      for (int x = 0; x < x0; ++x)
        for (int ch = 0; ch < channels; ++ch)
          acc[x * channels + ch] += weight * static_cast<float>(first[ch]);
      const int shift = dx * channels;
      for (int i = x0 * channels; i < x1 * channels; ++i)
        acc[i] += weight * static_cast<float>(row[i + shift]);
      for (int x = x1; x < w; ++x)
        for (int ch = 0; ch < channels; ++ch) acc[x * channels + ch] += weight * static_cast<float>(last[ch]);
    }
  }
  T* out = c.out.Row<T>(y);
  for (int i = 0; i < w * channels; ++i) StoreChannel(acc[i], out[i]);
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
