// sobel against OpenCV (cv::Sobel in CV_32F with BORDER_REPLICATE, then cv::magnitude): within 1 for gray8 output,
// within float rounding for gray32f; by hand on a ramp and a step; openmp must equal reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/image_io.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

const FilterSpec& Sobel() { return BuiltinRegistry().Get("sobel"); }

Image RunSobel(const std::string& variant, const Image& in, const std::string& params = "") {
  return RunCpuVariant(Sobel(), BuiltinRegistry().GetVariant(Sobel(), variant), test::ParamsFor(Sobel(), params),
                       in);
}

cv::Mat AsMat(const Image& img) {
  const int type = img.format() == PixelFormat::Gray32f ? CV_32FC1 : CV_8UC1;
  return cv::Mat(img.height(), img.width(), type, const_cast<std::uint8_t*>(img.data()), img.pitch());
}

cv::Mat OpenCvMagnitude(const Image& in) {
  cv::Mat gx, gy, mag;
  cv::Sobel(AsMat(in), gx, CV_32F, 1, 0, 3, 1.0, 0.0, cv::BORDER_REPLICATE);
  cv::Sobel(AsMat(in), gy, CV_32F, 0, 1, 3, 1.0, 0.0, cv::BORDER_REPLICATE);
  cv::magnitude(gx, gy, mag);
  return mag;
}

double Value(const Image& img, int x, int y) {
  return img.format() == PixelFormat::Gray32f ? static_cast<double>(img.Row<float>(y)[x])
                                              : static_cast<double>(img.Row<std::uint8_t>(y)[x]);
}

// Largest |ours - OpenCV| (gray8 output: against the magnitude clamped to 255) and the largest relative error.
struct Gap {
  double abs = 0;
  double rel = 0;
};
Gap GapToOpenCv(const Image& in, const std::string& params) {
  const cv::Mat mag = OpenCvMagnitude(in);
  const Image ours = RunSobel("reference", in, params);
  Gap g;
  for (int y = 0; y < in.height(); ++y)
    for (int x = 0; x < in.width(); ++x) {
      double want = mag.at<float>(y, x);
      if (ours.format() == PixelFormat::Gray8) want = std::min(want, 255.0);
      const double d = std::fabs(Value(ours, x, y) - want);
      g.abs = std::max(g.abs, d);
      g.rel = std::max(g.rel, d / std::max(1.0, std::fabs(want)));
    }
  return g;
}

TEST(Sobel, OutputFormatFollowsTheParameter) {
  const Image in = test::RandomImage(5, 4, PixelFormat::Gray8, 1);
  EXPECT_EQ(RunSobel("reference", in).format(), PixelFormat::Gray8);
  EXPECT_EQ(RunSobel("reference", in, "output=gray32f").format(), PixelFormat::Gray32f);
  EXPECT_EQ(RunSobel("reference", test::RandomImage(5, 4, PixelFormat::Gray32f, 1)).format(), PixelFormat::Gray8);
}

TEST(Sobel, Gray8InputWithinOneOfOpenCv) {
  const Image camera = LoadImage(test::AssetPath("camera.png"));
  const Image gray = camera.format() == PixelFormat::Gray8 ? camera : [&] {
    const FilterSpec& g = BuiltinRegistry().Get("gray");
    return RunCpuVariant(g, g.Reference(), DefaultParams(g.params), camera);
  }();
  for (const Image& in : {gray, test::RandomImage(131, 67, PixelFormat::Gray8, 7),
                          test::RandomImage(17, 13, PixelFormat::Gray8, 8), test::RandomImage(3, 2, PixelFormat::Gray8, 9),
                          test::RandomImage(1, 1, PixelFormat::Gray8, 10)}) {
    SCOPED_TRACE(std::to_string(in.width()) + "x" + std::to_string(in.height()));
    EXPECT_LE(GapToOpenCv(in, "").abs, 1.0);
    // The gradients are exact integers on both sides and both square roots are correctly rounded floats.
    EXPECT_LE(GapToOpenCv(in, "output=gray32f").rel, 1e-6);
  }
}

TEST(Sobel, Gray32fInputAgreesWithOpenCv) {
  for (auto [w, h] : {std::pair{1, 1}, std::pair{3, 2}, std::pair{17, 13}, std::pair{64, 40}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    const Image in = test::RandomImage(w, h, PixelFormat::Gray32f, 11);
    // Float sums in a different order than OpenCV's: a few ulps apart.
    EXPECT_LE(GapToOpenCv(in, "output=gray32f").rel, 1e-5);
    EXPECT_LE(GapToOpenCv(in, "").abs, 1.0);
  }
}

TEST(Sobel, RampAndStepByHand) {
  // A horizontal ramp 0, 10, 20 (3 rows alike): in the middle gx = 4 * (20 - 0) = 80, gy = 0; at the left edge
  // the replicated column gives 4 * (10 - 0) = 40, at the right edge 4 * (20 - 10) = 40.
  Image ramp(3, 3, PixelFormat::Gray8);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) ramp.Row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(10 * x);
  const Image r = RunSobel("reference", ramp, "output=gray32f");
  for (int y = 0; y < 3; ++y) {
    EXPECT_EQ(r.Row<float>(y)[0], 40.0f);
    EXPECT_EQ(r.Row<float>(y)[1], 80.0f);
    EXPECT_EQ(r.Row<float>(y)[2], 40.0f);
  }
  // A vertical step 0 | 255: gx = 4 * 255 = 1020 beside it; gray8 output saturates at 255.
  Image step(2, 2, PixelFormat::Gray8);
  for (int y = 0; y < 2; ++y) step.Row<std::uint8_t>(y)[1] = 255;
  const Image s = RunSobel("reference", step, "output=gray32f");
  EXPECT_EQ(s.Row<float>(0)[0], 1020.0f);
  EXPECT_EQ(RunSobel("reference", step).Row<std::uint8_t>(1)[1], 255);
  // A plane in(x, y) = 3x + 4y: in the middle gx = 4 * 6 = 24 and gy = 4 * 8 = 32, a 3-4-5 triangle: magnitude 40.
  Image plane(3, 3, PixelFormat::Gray8);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) plane.Row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(3 * x + 4 * y);
  EXPECT_EQ(RunSobel("reference", plane).Row<std::uint8_t>(1)[1], 40);
  EXPECT_EQ(RunSobel("reference", plane, "output=gray32f").Row<float>(1)[1], 40.0f);
}

TEST(Sobel, FlatImageIsZero) {
  Image flat(4, 3, PixelFormat::Gray8);
  std::fill(flat.data(), flat.data() + flat.bytes(), std::uint8_t{200});
  const Image out = RunSobel("reference", flat);
  EXPECT_TRUE(std::all_of(out.data(), out.data() + out.bytes(), [](std::uint8_t v) { return v == 0; }));
}

TEST(Sobel, OpenmpMatchesReferenceBitForBit) {
  for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Gray32f})
    for (const char* params : {"", "output=gray32f"})
      for (auto [w, h] : {std::pair{1, 1}, std::pair{3, 2}, std::pair{17, 13}, std::pair{257, 131}}) {
        SCOPED_TRACE(std::string(ToString(format)) + " [" + params + "] " + std::to_string(w) + "x" +
                     std::to_string(h));
        const Image in = test::RandomImage(w, h, format, 21);
        EXPECT_EQ(RunSobel("openmp", in, params), RunSobel("reference", in, params));
      }
}

}  // namespace
}  // namespace fl
