// `dilate3` / `erode3` CPU variants: hand-computed cases, exact agreement with OpenCV's dilate / erode (3x3 rect,
// replicate border), and openmp == reference.
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

Image RunMorph(const std::string& filter, const std::string& variant, const Image& in) {
  const FilterSpec& f = BuiltinRegistry().Get(filter);
  return RunCpuVariant(f, BuiltinRegistry().GetVariant(f, variant), DefaultParams(f.params), in);
}

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

Image OpenCvMorph(const std::string& filter, const Image& in) {
  const cv::Mat rect = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3));
  cv::Mat out;
  if (filter == "dilate3")
    cv::dilate(AsMat(in), out, rect, cv::Point(-1, -1), 1, cv::BORDER_REPLICATE);
  else
    cv::erode(AsMat(in), out, rect, cv::Point(-1, -1), 1, cv::BORDER_REPLICATE);
  Image img(in.width(), in.height(), in.format());
  for (int y = 0; y < in.height(); ++y) std::memcpy(img.Row<std::uint8_t>(y), out.ptr(y), img.pitch());
  return img;
}

TEST(Morph3, OneRowByHand) {
  const Image in = ImageOf(4, 1, PixelFormat::Gray8, {5, 9, 1, 7});
  EXPECT_EQ(RunMorph("dilate3", "reference", in), ImageOf(4, 1, PixelFormat::Gray8, {9, 9, 9, 7}));
  EXPECT_EQ(RunMorph("erode3", "reference", in), ImageOf(4, 1, PixelFormat::Gray8, {5, 1, 1, 1}));
}

TEST(Morph3, OneColumnByHand) {
  const Image in = ImageOf(1, 4, PixelFormat::Gray8, {5, 9, 1, 7});
  EXPECT_EQ(RunMorph("dilate3", "reference", in), ImageOf(1, 4, PixelFormat::Gray8, {9, 9, 9, 7}));
  EXPECT_EQ(RunMorph("erode3", "reference", in), ImageOf(1, 4, PixelFormat::Gray8, {5, 1, 1, 1}));
}

TEST(Morph3, CornerSpeckGrowsOrVanishes) {
  // A bright corner pixel: dilation spreads it over the 2x2 its window reaches (the border replicates, it does not
  // wrap); erosion removes it.
  const Image in = ImageOf(4, 3, PixelFormat::Gray8, {255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  EXPECT_EQ(RunMorph("dilate3", "reference", in),
            ImageOf(4, 3, PixelFormat::Gray8, {255, 255, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(RunMorph("erode3", "reference", in), Image(4, 3, PixelFormat::Gray8));
}

TEST(Morph3, Rgba8ChannelsAreIndependent) {
  // Each channel takes its own max / min, alpha included, so the result need not be one of the input pixels.
  const Image in = ImageOf(2, 1, PixelFormat::Rgba8, {10, 200, 30, 255, 100, 20, 90, 0});
  EXPECT_EQ(RunMorph("dilate3", "reference", in),
            ImageOf(2, 1, PixelFormat::Rgba8, {100, 200, 90, 255, 100, 200, 90, 255}));
  EXPECT_EQ(RunMorph("erode3", "reference", in), ImageOf(2, 1, PixelFormat::Rgba8, {10, 20, 30, 0, 10, 20, 30, 0}));
}

TEST(Morph3, MatchesOpenCvExactlyOnOddSizes) {
  struct Size {
    int w, h;
  };
  for (const char* filter : {"dilate3", "erode3"})
    for (PixelFormat f : {PixelFormat::Gray8, PixelFormat::Rgba8})
      for (Size s : {Size{1, 1}, Size{3, 2}, Size{2, 3}, Size{17, 13}, Size{101, 37}}) {
        const Image in = test::RandomImage(s.w, s.h, f, 21);
        const auto diff = test::Compare(RunMorph(filter, "reference", in), OpenCvMorph(filter, in));
        EXPECT_EQ(diff.count, 0u) << filter << " " << ToString(f) << " " << s.w << "x" << s.h << ": "
                                  << diff.Describe();
      }
}

TEST(Morph3, MatchesOpenCvExactlyOnAstronaut) {
  const Image in = LoadImage(test::AssetPath("astronaut.png"));
  for (const char* filter : {"dilate3", "erode3"}) {
    const auto diff = test::Compare(RunMorph(filter, "reference", in), OpenCvMorph(filter, in));
    EXPECT_EQ(diff.count, 0u) << filter << ": " << diff.Describe();
  }
}

TEST(Morph3, OpenmpMatchesReferenceBitForBit) {
  for (const char* filter : {"dilate3", "erode3"})
    for (PixelFormat f : {PixelFormat::Gray8, PixelFormat::Rgba8})
      for (int w : {1, 3, 17, 257}) {
        const Image in = test::RandomImage(w, w / 2 + 1, f, 13);
        EXPECT_EQ(RunMorph(filter, "openmp", in), RunMorph(filter, "reference", in))
            << filter << " " << ToString(f) << " width " << w;
      }
}

TEST(Morph3, DeclaresTheTeachingVariants) {
  for (const char* filter : {"dilate3", "erode3"}) {
    const FilterSpec& f = BuiltinRegistry().Get(filter);
    for (const char* id : {"reference", "openmp", "naive", "smem", "ppt4"})
      EXPECT_NE(f.FindVariant(id), nullptr) << filter << "/" << id;
    EXPECT_NE(f.FindVariant("smem")->smem_bytes, nullptr) << filter;
    for (const auto& v : f.variants) EXPECT_EQ(v.agreement, Agreement::Exact) << filter << "/" << v.id;
  }
}

}  // namespace
}  // namespace fl
