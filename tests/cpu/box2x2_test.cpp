// box2x2 by hand (rounding and the replicate border) and against a plain formula on odd sizes; openmp must equal
// reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

Image RunBox(const std::string& variant, const Image& in) {
  const FilterSpec& f = BuiltinRegistry().Get("box2x2");
  return RunCpuVariant(f, BuiltinRegistry().GetVariant(f, variant), DefaultParams(f.params), in);
}

Image Gray(int w, int h, const std::vector<int>& values) {
  Image img(w, h, PixelFormat::Gray8);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) img.Row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(values[y * w + x]);
  return img;
}

std::vector<int> Values(const Image& img) {
  std::vector<int> v;
  for (int y = 0; y < img.height(); ++y)
    for (std::size_t i = 0; i < img.shape().RowBytes(); ++i) v.push_back(img.Row<std::uint8_t>(y)[i]);
  return v;
}

TEST(Box2x2, TwoByTwoByHand) {
  // [0 1; 2 4]: (0+1+2+4+2)>>2 = 2; right column repeats: (1+1+4+4+2)>>2 = 3; bottom row repeats:
  // (2+4+2+4+2)>>2 = 3; corner: (4*4+2)>>2 = 4.
  EXPECT_EQ(Values(RunBox("reference", Gray(2, 2, {0, 1, 2, 4}))), (std::vector<int>{2, 3, 3, 4}));
}

TEST(Box2x2, RoundsHalvesUp) {
  // Row 0 = [1 0 0 1 1 1 2] over a row of zeros, so output x of row 0 is (row0[x] + row0[x+1] + 2) >> 2:
  // sums 1, 0, 1, 2, 2, 3 and 2+2 at the right edge (column 6 repeats): means 0.25, 0, 0.25, 0.5, 0.5, 0.75, 1
  // round to 0, 0, 0, 1, 1, 1, 1 (halves up). Row 1 is the last: it pairs with itself and stays 0.
  const Image in = Gray(7, 2, {1, 0, 0, 1, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0});
  const std::vector<int> out = Values(RunBox("reference", in));
  EXPECT_EQ(std::vector<int>(out.begin(), out.begin() + 7), (std::vector<int>{0, 0, 0, 1, 1, 1, 1}));
  EXPECT_EQ(std::vector<int>(out.begin() + 7, out.end()), (std::vector<int>{0, 0, 0, 0, 0, 0, 0}));
}

TEST(Box2x2, SaturatedAndSinglePixelImages) {
  EXPECT_EQ(Values(RunBox("reference", Gray(3, 1, {255, 255, 255}))), (std::vector<int>{255, 255, 255}));
  EXPECT_EQ(Values(RunBox("reference", Gray(1, 1, {137}))), (std::vector<int>{137}));
  // rgba8: channels are independent; a 1x1 image is its own 2x2 block.
  Image rgba(1, 1, PixelFormat::Rgba8);
  const std::uint8_t px[4] = {1, 2, 254, 255};
  std::copy(px, px + 4, rgba.data());
  EXPECT_EQ(RunBox("reference", rgba), rgba);
}

TEST(Box2x2, MatchesPlainFormulaAndOpenmpOnOddSizes) {
  for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Rgba8})
    for (auto [w, h] : {std::pair{1, 1}, std::pair{3, 2}, std::pair{17, 13}, std::pair{2, 9}}) {
      SCOPED_TRACE(std::string(ToString(format)) + " " + std::to_string(w) + "x" + std::to_string(h));
      const Image in = test::RandomImage(w, h, format, 17 + w);
      const Image ref = RunBox("reference", in);
      const int ch = Channels(format);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          for (int c = 0; c < ch; ++c) {
            double sum = 0;
            for (int dy = 0; dy <= 1; ++dy)
              for (int dx = 0; dx <= 1; ++dx)
                sum += in.Row<std::uint8_t>(std::min(y + dy, h - 1))[std::min(x + dx, w - 1) * ch + c];
            const int want = static_cast<int>(std::floor(sum / 4.0 + 0.5));
            ASSERT_EQ(ref.Row<std::uint8_t>(y)[x * ch + c], want) << "at (" << x << ", " << y << ") channel " << c;
          }
      EXPECT_EQ(RunBox("openmp", in), ref);
    }
}

}  // namespace
}  // namespace fl
