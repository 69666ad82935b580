// dilate5 / erode5 against OpenCV (cv::dilate / cv::erode, 5x5 rectangle, BORDER_REPLICATE): exact. Also the
// identity the two_pass_smem variant relies on (5x5 = 3x3 twice, borders included), and openmp == reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/image_io.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

Image RunFilter(const std::string& id, const std::string& variant, const Image& in) {
  const FilterSpec& f = BuiltinRegistry().Get(id);
  return RunCpuVariant(f, BuiltinRegistry().GetVariant(f, variant), DefaultParams(f.params), in);
}

cv::Mat AsMat(const Image& img) {
  const int type = img.format() == PixelFormat::Rgba8 ? CV_8UC4 : CV_8UC1;
  return cv::Mat(img.height(), img.width(), type, const_cast<std::uint8_t*>(img.data()), img.pitch());
}

Image FromMat(const cv::Mat& m, PixelFormat format) {
  Image img(m.cols, m.rows, format);
  for (int y = 0; y < m.rows; ++y)
    std::copy(m.ptr<std::uint8_t>(y), m.ptr<std::uint8_t>(y) + img.pitch(), img.Row<std::uint8_t>(y));
  return img;
}

Image OpenCvMorph5(const Image& in, bool dilate) {
  const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(5, 5));
  cv::Mat out;
  if (dilate)
    cv::dilate(AsMat(in), out, kernel, cv::Point(-1, -1), 1, cv::BORDER_REPLICATE);
  else
    cv::erode(AsMat(in), out, kernel, cv::Point(-1, -1), 1, cv::BORDER_REPLICATE);
  return FromMat(out, in.format());
}

std::vector<Image> Inputs(PixelFormat format) {
  return {test::RandomImage(1, 1, format, 1), test::RandomImage(3, 2, format, 2),
          test::RandomImage(17, 13, format, 3), test::RandomImage(2, 23, format, 4),
          test::RandomImage(96, 61, format, 5)};
}

TEST(Morph5, ExactlyOpenCvOnOddSizes) {
  for (bool dilate : {true, false})
    for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Rgba8})
      for (const Image& in : Inputs(format)) {
        SCOPED_TRACE(std::string(dilate ? "dilate5 " : "erode5 ") + std::string(ToString(format)) + " " +
                     std::to_string(in.width()) + "x" + std::to_string(in.height()));
        const Image ref = RunFilter(dilate ? "dilate5" : "erode5", "reference", in);
        const test::Difference d = test::Compare(ref, OpenCvMorph5(in, dilate));
        EXPECT_EQ(d.count, 0u) << d.Describe();
      }
}

TEST(Morph5, ExactlyOpenCvOnAPhotograph) {
  const Image img = LoadImage(test::AssetPath("chelsea.png"));
  for (bool dilate : {true, false}) {
    const test::Difference d = test::Compare(RunFilter(dilate ? "dilate5" : "erode5", "openmp", img),
                                             OpenCvMorph5(img, dilate));
    EXPECT_EQ(d.count, 0u) << (dilate ? "dilate5: " : "erode5: ") << d.Describe();
  }
}

TEST(Morph5, EqualsTheThreeByThreeTwice) {
  // What two_pass_smem relies on: with replicate borders, 5x5 = 3x3 applied twice, edges included.
  for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Rgba8})
    for (const Image& in : Inputs(format)) {
      SCOPED_TRACE(std::string(ToString(format)) + " " + std::to_string(in.width()) + "x" +
                   std::to_string(in.height()));
      EXPECT_EQ(RunFilter("dilate5", "reference", in),
                RunFilter("dilate3", "reference", RunFilter("dilate3", "reference", in)));
      EXPECT_EQ(RunFilter("erode5", "reference", in),
                RunFilter("erode3", "reference", RunFilter("erode3", "reference", in)));
    }
}

TEST(Morph5, SinglePeakGrowsToAFiveByFiveSquare) {
  Image in(9, 9, PixelFormat::Gray8);
  in.Row<std::uint8_t>(4)[4] = 200;
  const Image out = RunFilter("dilate5", "reference", in);
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 9; ++x) {
      const bool inside = x >= 2 && x <= 6 && y >= 2 && y <= 6;
      EXPECT_EQ(out.Row<std::uint8_t>(y)[x], inside ? 200 : 0) << "(" << x << ", " << y << ")";
    }
  // Erosion removes it entirely.
  const Image eroded = RunFilter("erode5", "reference", in);
  EXPECT_TRUE(std::all_of(eroded.data(), eroded.data() + eroded.bytes(), [](std::uint8_t v) { return v == 0; }));
}

TEST(Morph5, OpenmpMatchesReferenceBitForBit) {
  for (const char* id : {"dilate5", "erode5"})
    for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Rgba8})
      for (const Image& in : Inputs(format))
        EXPECT_EQ(RunFilter(id, "openmp", in), RunFilter(id, "reference", in))
            << id << " " << ToString(format) << " " << in.width() << "x" << in.height();
}

}  // namespace
}  // namespace fl
