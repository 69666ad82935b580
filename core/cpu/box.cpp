#include "core/cpu/box.hpp"

#include <vector>

#include "core/cpu/pixel_access.hpp"
#include "core/cpu/row_loop.hpp"

namespace fl::cpu {

// One output row: the vertical sums of its 2r+1 source rows, column by column, into a buffer padded by r
// replicated columns each side; then each output value is the sum of 2r+1 consecutive padded entries. Each
// row is independent of the others, which is what lets `openmp` share the rows out.
static void BoxRow(const CpuCall& c, int radius, int y, std::vector<int>& cols) {
  const int w = c.in.width(), h = c.in.height();
  const int ch = Channels(c.in.format());
  const int row_values = w * ch;
  cols.assign(static_cast<std::size_t>(w + 2 * radius) * ch, 0);
  int* mid = cols.data() + radius * ch;  // column 0
  for (int dy = -radius; dy <= radius; ++dy) {
    const std::uint8_t* src = c.in.Row<std::uint8_t>(Clamp(y + dy, 0, h - 1));
    for (int i = 0; i < row_values; ++i) mid[i] += src[i];
  }
  for (int p = 1; p <= radius; ++p)
    for (int k = 0; k < ch; ++k) {
      mid[-p * ch + k] = mid[k];                          // left of column 0
      mid[(w - 1 + p) * ch + k] = mid[(w - 1) * ch + k];  // right of column w-1
    }
  const int taps = BoxTaps(radius);
  const int span = (2 * radius + 1) * ch;
  std::uint8_t* out = c.out.Row<std::uint8_t>(y);
  for (int i = 0; i < row_values; ++i) {
    int sum = 0;
    for (int j = 0; j < span; j += ch) sum += cols[i + j];
    out[i] = static_cast<std::uint8_t>((sum + taps / 2) / taps);
  }
}

static void Box(const CpuCall& c, bool parallel) {
  const int radius = c.params.Int("radius");
  ForEachRow(c.in.height(), parallel, [&](int y) {
    thread_local std::vector<int> cols;  // reused across rows: one allocation per thread
    BoxRow(c, radius, y, cols);
  });
}

void BoxReference(const CpuCall& call) { Box(call, false); }
void BoxOpenmp(const CpuCall& call) { Box(call, true); }

}  // namespace fl::cpu
