#include "core/cpu/morph3.hpp"

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "core/cpu/pixel_access.hpp"
#include "core/cpu/row_loop.hpp"

namespace fl::cpu {
namespace {

struct MaxOf {
  std::uint8_t operator()(std::uint8_t a, std::uint8_t b) const { return std::max(a, b); }
};
struct MinOf {
  std::uint8_t operator()(std::uint8_t a, std::uint8_t b) const { return std::min(a, b); }
};

template <MorphOp Op>
using OpOf = std::conditional_t<Op == MorphOp::Dilate, MaxOf, MinOf>;

// The one row function both filters and both CPU variants run; `Combine` is max or min.
template <typename Combine>
void Morph3(const CpuCall& c, bool parallel) {
  const Combine combine;
  const int w = c.in.width();
  const int h = c.in.height();
  const int ch = Channels(c.in.format());
  ForEachRow(h, parallel, [&](int y) {
    const std::uint8_t* rows[3] = {c.in.Row<std::uint8_t>(Clamp(y - 1, 0, h - 1)), c.in.Row<std::uint8_t>(y),
                                   c.in.Row<std::uint8_t>(Clamp(y + 1, 0, h - 1))};
    std::uint8_t* out = c.out.Row<std::uint8_t>(y);
    for (int x = 0; x < w; ++x) {
      const int cols[3] = {Clamp(x - 1, 0, w - 1) * ch, x * ch, Clamp(x + 1, 0, w - 1) * ch};
      for (int k = 0; k < ch; ++k) {
        std::uint8_t v = rows[1][cols[1] + k];
        for (const std::uint8_t* row : rows)
          for (int col : cols) v = combine(v, row[col + k]);
        out[x * ch + k] = v;
      }
    }
  });
}

}  // namespace

template <MorphOp Op>
void Morph3Reference(const CpuCall& call) {
  Morph3<OpOf<Op>>(call, false);
}
template <MorphOp Op>
void Morph3Openmp(const CpuCall& call) {
  Morph3<OpOf<Op>>(call, true);
}

template void Morph3Reference<MorphOp::Dilate>(const CpuCall&);
template void Morph3Reference<MorphOp::Erode>(const CpuCall&);
template void Morph3Openmp<MorphOp::Dilate>(const CpuCall&);
template void Morph3Openmp<MorphOp::Erode>(const CpuCall&);

}  // namespace fl::cpu
