#include "core/cpu/box2x2.hpp"

#include <algorithm>
#include <cstdint>

#include "core/cpu/row_loop.hpp"

namespace fl::cpu {

static void Box2x2(const CpuCall& c, bool parallel) {
  const int w = c.in.width();
  const int h = c.in.height();
  const int ch = Channels(c.in.format());
  ForEachRow(h, parallel, [&](int y) {
    // The block reaches one row down and one column right; at the last row / column the edge repeats.
    const std::uint8_t* r0 = c.in.Row<std::uint8_t>(y);
    const std::uint8_t* r1 = c.in.Row<std::uint8_t>(std::min(y + 1, h - 1));
    std::uint8_t* out = c.out.Row<std::uint8_t>(y);
    for (int x = 0; x < w; ++x) {
      const int i0 = x * ch;
      const int i1 = std::min(x + 1, w - 1) * ch;
      for (int k = 0; k < ch; ++k)
        out[i0 + k] = static_cast<std::uint8_t>(Box2x2Mean(r0[i0 + k], r0[i1 + k], r1[i0 + k], r1[i1 + k]));
    }
  });
}

void Box2x2Reference(const CpuCall& call) { Box2x2(call, false); }
void Box2x2Openmp(const CpuCall& call) { Box2x2(call, true); }

}  // namespace fl::cpu
