#include "core/cpu/morph5.hpp"

#include <algorithm>
#include <cstdint>

#include "core/cpu/row_loop.hpp"

namespace fl::cpu {

// All 25 neighbours of every channel, read directly: the plainest form, which is what an oracle should be.
template <bool kDilate>
static void Morph5(const CpuCall& c, bool parallel) {
  const int w = c.in.width();
  const int h = c.in.height();
  const int ch = Channels(c.in.format());
  ForEachRow(h, parallel, [&](int y) {
    std::uint8_t* out = c.out.Row<std::uint8_t>(y);
    for (int x = 0; x < w; ++x)
      for (int k = 0; k < ch; ++k) {
        int v = kDilate ? 0 : 255;
        for (int dy = -2; dy <= 2; ++dy) {
          const std::uint8_t* row = c.in.Row<std::uint8_t>(std::clamp(y + dy, 0, h - 1));
          for (int dx = -2; dx <= 2; ++dx) {
            const int s = row[std::clamp(x + dx, 0, w - 1) * ch + k];
            v = kDilate ? std::max(v, s) : std::min(v, s);
          }
        }
        out[x * ch + k] = static_cast<std::uint8_t>(v);
      }
  });
}

void Dilate5Reference(const CpuCall& call) { Morph5<true>(call, false); }
void Dilate5Openmp(const CpuCall& call) { Morph5<true>(call, true); }
void Erode5Reference(const CpuCall& call) { Morph5<false>(call, false); }
void Erode5Openmp(const CpuCall& call) { Morph5<false>(call, true); }

}  // namespace fl::cpu
