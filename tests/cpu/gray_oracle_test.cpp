// `gray` against OpenCV's RGBA2GRAY (same BT.601 weights, different fixed point: within 1), by hand, and
// openmp against reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include <opencv2/imgproc.hpp>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/image_io.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

Image RunGray(const std::string& variant, const Image& in) {
  const FilterSpec& f = BuiltinRegistry().Get("gray");
  return RunCpuVariant(f, BuiltinRegistry().GetVariant(f, variant), DefaultParams(f.params), in);
}

cv::Mat AsMat(const Image& img) {
  const int type = img.format() == PixelFormat::Rgba8 ? CV_8UC4 : CV_8UC1;
  return cv::Mat(img.height(), img.width(), type, const_cast<std::uint8_t*>(img.data()), img.pitch());
}

// Largest |ours - OpenCV| over the image.
int MaxDiffFromOpenCv(const Image& rgba) {
  cv::Mat expected;
  cv::cvtColor(AsMat(rgba), expected, cv::COLOR_RGBA2GRAY);
  const Image ours = RunGray("reference", rgba);
  EXPECT_EQ(ours.format(), PixelFormat::Gray8);
  int worst = 0;
  for (int y = 0; y < rgba.height(); ++y)
    for (int x = 0; x < rgba.width(); ++x)
      worst = std::max(worst, std::abs(int{ours.Row<std::uint8_t>(y)[x]} - int{expected.at<std::uint8_t>(y, x)}));
  return worst;
}

TEST(GrayOracle, AstronautWithinOneOfOpenCv) {
  const Image img = LoadImage(test::AssetPath("astronaut.png"));
  ASSERT_EQ(img.format(), PixelFormat::Rgba8);
  EXPECT_LE(MaxDiffFromOpenCv(img), 1);
}

TEST(GrayOracle, RandomImageWithinOneOfOpenCv) {
  EXPECT_LE(MaxDiffFromOpenCv(test::RandomImage(131, 67, PixelFormat::Rgba8, 7)), 1);
}

TEST(GrayOracle, PurePrimariesByHand) {
  // (77 R + 150 G + 29 B + 128) >> 8 with full channels: red 19763 >> 8 = 77, green 38378 >> 8 = 149 (not 150:
  // 150 * 255 + 128 < 150 * 256), blue 7523 >> 8 = 29, white 65408 >> 8 = 255, black 128 >> 8 = 0. Alpha is ignored.
  Image img(5, 1, PixelFormat::Rgba8);
  const std::uint8_t px[5][4] = {{255, 0, 0, 255}, {0, 255, 0, 0}, {0, 0, 255, 17}, {255, 255, 255, 255}, {0, 0, 0, 255}};
  for (int x = 0; x < 5; ++x)
    for (int c = 0; c < 4; ++c) img.Row<std::uint8_t>(0)[4 * x + c] = px[x][c];
  const Image out = RunGray("reference", img);
  const std::uint8_t* row = out.Row<std::uint8_t>(0);
  EXPECT_EQ(row[0], 77);
  EXPECT_EQ(row[1], 149);
  EXPECT_EQ(row[2], 29);
  EXPECT_EQ(row[3], 255);
  EXPECT_EQ(row[4], 0);
}

TEST(GrayOracle, Gray8InputIsCopied) {
  const Image in = test::RandomImage(19, 5, PixelFormat::Gray8, 3);
  EXPECT_EQ(RunGray("reference", in), in);
}

TEST(GrayOracle, OpenmpMatchesReferenceBitForBit) {
  const Image astronaut = LoadImage(test::AssetPath("astronaut.png"));
  EXPECT_EQ(RunGray("openmp", astronaut), RunGray("reference", astronaut));
  for (PixelFormat f : {PixelFormat::Rgba8, PixelFormat::Gray8}) {
    const Image in = test::RandomImage(257, 131, f, 11);
    EXPECT_EQ(RunGray("openmp", in), RunGray("reference", in)) << ToString(f);
  }
}

}  // namespace
}  // namespace fl
