// `letterbox`: its output shape, its map (centred, half-pixel aligned), hand-computed cases, the identity,
// cv::warpAffine with the same forward matrix (within 1, rarely 2), and openmp against reference.
#include "core/cpu/letterbox.hpp"

#include <gtest/gtest.h>

#include "common/test_images.hpp"
#include "core/cpu/affine.hpp"
#include "core/error.hpp"
#include "warp_oracle.hpp"

namespace fl {
namespace {

using test::CloseToOpenCv;
using test::RunCpu;

const PixelFormat kFormats[] = {PixelFormat::Gray8, PixelFormat::Rgba8};

std::string Size(int w, int h) { return "width=" + std::to_string(w) + ":height=" + std::to_string(h); }

TEST(Letterbox, OutputShapeIsTheRequestedSize) {
  const FilterSpec& f = BuiltinRegistry().Get("letterbox");
  const ImageShape in{1023, 769, PixelFormat::Rgba8};
  EXPECT_EQ(f.OutputShape(in, test::ParamsFor(f, "")), (ImageShape{640, 640, PixelFormat::Rgba8}));
  EXPECT_EQ(f.OutputShape(in, test::ParamsFor(f, "width=17:height=640")),
            (ImageShape{17, 640, PixelFormat::Rgba8}));
  const Image out =
      RunCpu("letterbox", "reference", "width=7:height=3", test::RandomImage(5, 5, PixelFormat::Gray8, 1));
  EXPECT_EQ(out.shape(), (ImageShape{7, 3, PixelFormat::Gray8}));
}

TEST(Letterbox, OutputShapeRejectsAnEmptySize) {
  ParamValues p = test::ParamsFor(BuiltinRegistry().Get("letterbox"), "");
  p.Set("width", 0.0);  // out of the declared range: only possible when the parameters bypass the checks
  try {
    cpu::LetterboxOutput({10, 10, PixelFormat::Gray8}, p);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("letterbox output"), std::string::npos) << e.what();
  }
}

TEST(Letterbox, ForwardMapCentresWithHalfPixelAlignment) {
  // 100 x 50 into 640 x 640: s = 6.4, image 640 x 320 centred vertically (160 rows of bars each side).
  const cpu::Affine a = cpu::LetterboxForward(100, 50, 640, 640);
  EXPECT_DOUBLE_EQ(a.m[0], 6.4);
  EXPECT_DOUBLE_EQ(a.m[4], 6.4);
  EXPECT_EQ(a.m[1], 0.0);
  EXPECT_EQ(a.m[3], 0.0);
  // The input's outer edges (-0.5 and w - 0.5 in pixel-centre coordinates) land on the output's edges.
  EXPECT_NEAR(a.m[0] * -0.5 + a.m[2], -0.5, 1e-12);
  EXPECT_NEAR(a.m[0] * 99.5 + a.m[2], 639.5, 1e-12);
  EXPECT_NEAR(a.m[4] * -0.5 + a.m[5], 159.5, 1e-12);
  EXPECT_NEAR(a.m[4] * 49.5 + a.m[5], 479.5, 1e-12);
}

TEST(Letterbox, SameSizeCopiesExactly) {
  for (PixelFormat f : kFormats)
    for (auto [w, h] : {std::pair{1, 1}, {3, 2}, {17, 13}, {120, 80}}) {
      const Image in = test::RandomImage(w, h, f, 4);
      EXPECT_EQ(RunCpu("letterbox", "reference", Size(w, h), in), in) << w << "x" << h;
    }
}

TEST(Letterbox, EnlargementByHand) {
  // [0, 100] into 4 x 4: s = 2, x = (x' - 0.5) / 2 samples -0.25, 0.25, 0.75, 1.25 -> 0, 25, 75, 75 with fill
  // 0 beyond the edges; y = (y' - 1.5) / 2 samples -0.75, -0.25, 0.25, 0.75 -> weights 1/4, 3/4, 3/4, 1/4 of
  // the row (the rest is fill): 18.75 rounds to 19, 6.25 to 6, 56.25 to 56.
  Image in(2, 1, PixelFormat::Gray8);
  in.data()[1] = 100;
  const Image out = RunCpu("letterbox", "reference", "width=4:height=4:fill=0", in);
  const int expected[4][4] = {{0, 6, 19, 19}, {0, 19, 56, 56}, {0, 19, 56, 56}, {0, 6, 19, 19}};
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(out.Row<std::uint8_t>(y)[x], expected[y][x]) << x << ", " << y;
}

TEST(Letterbox, BarsAreExactlyFill) {
  // 4 x 2 into 8 x 8: s = 2, the image covers rows 2..5; rows 0 and 7 lie wholly outside it, rows 1 and 6
  // blend with the fill (half an output pixel of the image's border).
  const Image in = test::RandomImage(4, 2, PixelFormat::Rgba8, 8);
  const Image out = RunCpu("letterbox", "reference", "width=8:height=8:fill=114", in);
  for (int y : {0, 7})
    for (int i = 0; i < 8 * 4; ++i) EXPECT_EQ(out.Row<std::uint8_t>(y)[i], 114) << "row " << y;
}

// Output sizes, including the declared test cases; fills near the smooth image's values (see
// warp_oracle.hpp).
const std::pair<int, int> kSizes[] = {{320, 200}, {17, 640}, {1, 1}, {640, 640}, {50, 21}, {333, 37}};

TEST(Letterbox, CloseToOpenCvWarpAffine) {
  for (PixelFormat f : kFormats)
    for (auto [w, h] : {std::pair{1, 1}, {3, 2}, {17, 13}, {161, 97}})
      for (auto [ow, oh] : kSizes) {
        const Image in = test::SmoothImage(w, h, f);
        const cv::Mat expected = test::OpenCvWarp(in, cpu::LetterboxForward(w, h, ow, oh), ow, oh, 128);
        EXPECT_TRUE(CloseToOpenCv(RunCpu("letterbox", "reference", Size(ow, oh) + ":fill=128", in), expected))
            << w << "x" << h << " into " << ow << "x" << oh << " " << ToString(f);
      }
}

TEST(Letterbox, OpenmpMatchesReference) {
  const FilterSpec& spec = BuiltinRegistry().Get("letterbox");
  std::vector<std::string> cases = spec.test_cases;
  cases.push_back("");  // the defaults
  for (PixelFormat f : kFormats)
    for (auto [w, h] : {std::pair{1, 1}, {3, 2}, {17, 13}, {203, 111}}) {
      const Image in = test::RandomImage(w, h, f, 6);
      for (const std::string& params : cases)
        EXPECT_EQ(RunCpu("letterbox", "openmp", params, in), RunCpu("letterbox", "reference", params, in))
            << params << " on " << w << "x" << h;
    }
}

}  // namespace
}  // namespace fl
