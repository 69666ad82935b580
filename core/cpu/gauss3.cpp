#include "core/cpu/gauss3.hpp"

#include <cstdint>

#include "core/cpu/pixel_access.hpp"
#include "core/cpu/row_loop.hpp"

namespace fl::cpu {

static void Gauss3(const CpuCall& c, bool parallel) {
  const int w = c.in.width();
  const int h = c.in.height();
  const int ch = Channels(c.in.format());
  ForEachRow(h, parallel, [&](int y) {
    // Replicate border: the rows and columns outside the image are the nearest edge ones.
    const std::uint8_t* rows[3] = {c.in.Row<std::uint8_t>(Clamp(y - 1, 0, h - 1)), c.in.Row<std::uint8_t>(y),
                                   c.in.Row<std::uint8_t>(Clamp(y + 1, 0, h - 1))};
    std::uint8_t* out = c.out.Row<std::uint8_t>(y);
    for (int x = 0; x < w; ++x) {
      const int left = Clamp(x - 1, 0, w - 1) * ch;
      const int mid = x * ch;
      const int right = Clamp(x + 1, 0, w - 1) * ch;
      for (int k = 0; k < ch; ++k) {
        int sum = 0;
        for (int r = 0; r < 3; ++r) {
          const int weight = r == 1 ? 2 : 1;
          sum += weight * (rows[r][left + k] + 2 * rows[r][mid + k] + rows[r][right + k]);
        }
        out[mid + k] = static_cast<std::uint8_t>((sum + 8) >> 4);
      }
    }
  });
}

void Gauss3Reference(const CpuCall& call) { Gauss3(call, false); }
void Gauss3Openmp(const CpuCall& call) { Gauss3(call, true); }

}  // namespace fl::cpu
