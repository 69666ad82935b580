#include "core/cpu/gray.hpp"

#include <cstdint>
#include <cstring>

#include "core/cpu/row_loop.hpp"

namespace fl::cpu {

static void Gray(const CpuCall& c, bool parallel) {
  const int w = c.in.width();
  ForEachRow(c.in.height(), parallel, [&](int y) {
    std::uint8_t* out = c.out.Row<std::uint8_t>(y);
    if (c.in.format() == PixelFormat::Gray8) {
      std::memcpy(out, c.in.Row<std::uint8_t>(y), static_cast<std::size_t>(w));
      return;
    }
    const std::uint8_t* in = c.in.Row<std::uint8_t>(y);
    for (int x = 0; x < w; ++x) {
      const std::uint8_t* p = in + 4 * x;
      out[x] = static_cast<std::uint8_t>((77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8);
    }
  });
}

void GrayReference(const CpuCall& call) { Gray(call, false); }
void GrayOpenmp(const CpuCall& call) { Gray(call, true); }

}  // namespace fl::cpu
