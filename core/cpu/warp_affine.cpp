#include "core/cpu/warp_affine.hpp"

#include "core/cpu/row_loop.hpp"

namespace fl::cpu {

template <int C>
static void WarpRows(const ImageView& in, const MutableImageView& out, const WarpSetup& s, bool parallel) {
  ForEachRow(out.height(), parallel, [&](int y) {
    std::uint8_t* dst = out.Row<std::uint8_t>(y);
    for (int x = 0; x < out.width(); ++x) {
      float sx, sy;
      MapPoint(s.inverse, x, y, sx, sy);
      SampleBilinear<C>(in.data, in.pitch, in.width(), in.height(), sx, sy, s.fill, dst + x * C);
    }
  });
}

void WarpBilinear(const ImageView& in, const MutableImageView& out, const WarpSetup& setup, bool parallel) {
  if (in.format() == PixelFormat::Rgba8)
    WarpRows<4>(in, out, setup, parallel);
  else
    WarpRows<1>(in, out, setup, parallel);
}

void WarpAffineReference(const CpuCall& c) {
  WarpBilinear(c.in, c.out, WarpAffineSetup(c.params, c.in.shape), false);
}
void WarpAffineOpenmp(const CpuCall& c) {
  WarpBilinear(c.in, c.out, WarpAffineSetup(c.params, c.in.shape), true);
}

}  // namespace fl::cpu
