// `gauss3`'s CPU variants: hand-computed windows (borders included), OpenCV's 3x3 GaussianBlur as an independent
// oracle (sigma 0 gives [1 2 1] / 4; its own fixed-point rounding may differ by 1), and openmp == reference.
#include <gtest/gtest.h>

#include <cstring>
#include <initializer_list>
#include <string>

#include <opencv2/imgproc.hpp>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/image_io.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

Image RunGauss3(const std::string& variant, const Image& in) {
  const FilterSpec& f = BuiltinRegistry().Get("gauss3");
  return RunCpuVariant(f, BuiltinRegistry().GetVariant(f, variant), DefaultParams(f.params), in);
}

// An image from its channel values in row order.
Image ImageOf(int w, int h, PixelFormat f, std::initializer_list<int> values) {
  Image img(w, h, f);
  EXPECT_EQ(values.size(), img.bytes());
  std::size_t i = 0;
  for (int v : values) img.data()[i++] = static_cast<std::uint8_t>(v);
  return img;
}

cv::Mat AsMat(const Image& img) {
  const int type = img.format() == PixelFormat::Rgba8 ? CV_8UC4 : CV_8UC1;
  return cv::Mat(img.height(), img.width(), type, const_cast<std::uint8_t*>(img.data()), img.pitch());
}

Image OpenCvGauss3(const Image& in) {
  cv::Mat out;
  cv::GaussianBlur(AsMat(in), out, cv::Size(3, 3), 0, 0, cv::BORDER_REPLICATE);
  Image img(in.width(), in.height(), in.format());
  for (int y = 0; y < in.height(); ++y) std::memcpy(img.Row<std::uint8_t>(y), out.ptr(y), img.pitch());
  return img;
}

TEST(Gauss3, SingleBrightPixelByHand) {
  // Centre weight 4/16, edge neighbours 2/16, corners 1/16: 255 -> (1020+8)>>4 = 64, (510+8)>>4 = 32,
  // (255+8)>>4 = 16.
  const Image in = ImageOf(3, 3, PixelFormat::Gray8, {0, 0, 0, 0, 255, 0, 0, 0, 0});
  EXPECT_EQ(RunGauss3("reference", in), ImageOf(3, 3, PixelFormat::Gray8, {16, 32, 16, 32, 64, 32, 16, 32, 16}));
}

TEST(Gauss3, ReplicateBorderByHand) {
  // One row: every row of the window is the same (weights 1+2+1 = 4). x=0 sees 0,0,0; x=1 sees 0,0,160 ->
  // (4*160+8)>>4 = 40; x=2 sees 0,160,160(replicated) -> (4*480+8)>>4 = 120.
  EXPECT_EQ(RunGauss3("reference", ImageOf(3, 1, PixelFormat::Gray8, {0, 0, 160})),
            ImageOf(3, 1, PixelFormat::Gray8, {0, 40, 120}));
  // A constant image is its own blur at every border.
  EXPECT_EQ(RunGauss3("reference", ImageOf(1, 1, PixelFormat::Gray8, {201})), ImageOf(1, 1, PixelFormat::Gray8, {201}));
}

TEST(Gauss3, RoundsHalfUp) {
  // x=0 sees 0,0,2: sum 4*2 = 8 -> (8+8)>>4 = 1 (0.5 rounds up); x=1 sees 0,2,2: 4*6 = 24 -> 32>>4 = 2 (1.5 -> 2).
  EXPECT_EQ(RunGauss3("reference", ImageOf(2, 1, PixelFormat::Gray8, {0, 2})),
            ImageOf(2, 1, PixelFormat::Gray8, {1, 2}));
}

TEST(Gauss3, Rgba8PerChannelWithAlphaByHand) {
  // A 1x2 column: black on top of v. Columns are replicated (weight 4); the top output weighs rows 0,0,1 (3:1),
  // the bottom rows 0,1,1 (1:3). Top: (4v+8)>>4; bottom: (12v+8)>>4.
  const Image in = ImageOf(1, 2, PixelFormat::Rgba8, {0, 0, 0, 0, 16, 32, 64, 255});
  EXPECT_EQ(RunGauss3("reference", in),
            ImageOf(1, 2, PixelFormat::Rgba8, {4, 8, 16, 64, 12, 24, 48, 191}));
}

TEST(Gauss3, WithinOneOfOpenCvOnOddSizes) {
  struct Size {
    int w, h;
  };
  for (PixelFormat f : {PixelFormat::Gray8, PixelFormat::Rgba8})
    for (Size s : {Size{1, 1}, Size{3, 2}, Size{2, 3}, Size{17, 13}, Size{101, 37}}) {
      const Image in = test::RandomImage(s.w, s.h, f, 5);
      const auto diff = test::Compare(RunGauss3("reference", in), OpenCvGauss3(in), 1.0);
      EXPECT_EQ(diff.count, 0u) << ToString(f) << " " << s.w << "x" << s.h << ": " << diff.Describe();
    }
}

TEST(Gauss3, WithinOneOfOpenCvOnAstronaut) {
  const Image in = LoadImage(test::AssetPath("astronaut.png"));
  const auto diff = test::Compare(RunGauss3("reference", in), OpenCvGauss3(in), 1.0);
  EXPECT_EQ(diff.count, 0u) << diff.Describe();
}

TEST(Gauss3, OpenmpMatchesReferenceBitForBit) {
  for (PixelFormat f : {PixelFormat::Gray8, PixelFormat::Rgba8})
    for (int w : {1, 3, 17, 257}) {
      const Image in = test::RandomImage(w, w / 2 + 1, f, 9);
      EXPECT_EQ(RunGauss3("openmp", in), RunGauss3("reference", in)) << ToString(f) << " width " << w;
    }
}

TEST(Gauss3, DeclaresTheTeachingVariants) {
  const FilterSpec& f = BuiltinRegistry().Get("gauss3");
  for (const char* id : {"reference", "openmp", "naive", "smem", "smem_nohalo", "ppt2x2", "ppt4x4"})
    EXPECT_NE(f.FindVariant(id), nullptr) << id;
  EXPECT_EQ(f.FindVariant("smem_nohalo")->agreement, Agreement::KnownWrong);
  EXPECT_NE(f.FindVariant("smem")->smem_bytes, nullptr);
  EXPECT_NE(f.FindVariant("smem_nohalo")->smem_bytes, nullptr);
  // The tile with its halo for the default 32x8 block: 34 x 10 pixels.
  const LaunchConfig block = f.FindVariant("smem")->defaults;
  EXPECT_EQ(f.FindVariant("smem")->smem_bytes(block, {}, PixelFormat::Rgba8), 34u * 10u * 4u);
  EXPECT_EQ(f.FindVariant("smem_nohalo")->smem_bytes(block, {}, PixelFormat::Gray8), 32u * 8u);
  EXPECT_FALSE(f.Accepts(PixelFormat::Gray32f));
}

}  // namespace
}  // namespace fl
