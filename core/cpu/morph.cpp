#include "core/cpu/morph.hpp"

#include <algorithm>
#include <cstdint>

#include "core/cpu/row_loop.hpp"

namespace fl::cpu {

// All (2R + 1)^2 neighbours of every channel, read directly: the plainest form, which is what an oracle should be.
template <MorphOp Op, int R>
static void Morph(const CpuCall& c, bool parallel) {
  const int w = c.in.width();
  const int h = c.in.height();
  const int ch = Channels(c.in.format());
  ForEachRow(h, parallel, [&](int y) {
    std::uint8_t* out = c.out.Row<std::uint8_t>(y);
    for (int x = 0; x < w; ++x)
      for (int k = 0; k < ch; ++k) {
        int v = Op == MorphOp::Dilate ? 0 : 255;
        for (int dy = -R; dy <= R; ++dy) {
          const std::uint8_t* row = c.in.Row<std::uint8_t>(std::clamp(y + dy, 0, h - 1));
          for (int dx = -R; dx <= R; ++dx) {
            const int s = row[std::clamp(x + dx, 0, w - 1) * ch + k];
            v = Op == MorphOp::Dilate ? std::max(v, s) : std::min(v, s);
          }
        }
        out[x * ch + k] = static_cast<std::uint8_t>(v);
      }
  });
}

template <MorphOp Op, int R>
void MorphReference(const CpuCall& call) {
  Morph<Op, R>(call, false);
}
template <MorphOp Op, int R>
void MorphOpenmp(const CpuCall& call) {
  Morph<Op, R>(call, true);
}

#define FL_MORPH_CPU_INSTANTIATE(Op, R)                      \
  template void MorphReference<Op, R>(const CpuCall&); \
  template void MorphOpenmp<Op, R>(const CpuCall&);
FL_MORPH_CPU_INSTANTIATE(MorphOp::Dilate, 1)
FL_MORPH_CPU_INSTANTIATE(MorphOp::Erode, 1)
FL_MORPH_CPU_INSTANTIATE(MorphOp::Dilate, 2)
FL_MORPH_CPU_INSTANTIATE(MorphOp::Erode, 2)
#undef FL_MORPH_CPU_INSTANTIATE

}  // namespace fl::cpu
