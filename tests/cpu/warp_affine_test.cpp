// `warp_affine`: its matrices against OpenCV's, its output against cv::warpAffine (fixed point there: within
// 1, rarely 2), hand-computed cases (exact), the identity, and openmp against reference.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "common/test_images.hpp"
#include "core/cpu/affine.hpp"
#include "warp_oracle.hpp"

namespace fl {
namespace {

using test::CloseToOpenCv;
using test::RunCpu;

const PixelFormat kFormats[] = {PixelFormat::Gray8, PixelFormat::Rgba8};

cpu::Affine Forward(const std::string& params, int w, int h) {
  return cpu::WarpAffineForward(test::ParamsFor(BuiltinRegistry().Get("warp_affine"), params), w, h);
}

Image Gray(int w, int h, std::initializer_list<int> values) {
  Image img(w, h, PixelFormat::Gray8);
  int i = 0;
  for (int v : values) img.data()[i++] = static_cast<std::uint8_t>(v);
  return img;
}

TEST(WarpAffine, MatrixIsOpenCvsRotationPlusShift) {
  for (const auto& [angle, scale] : {std::pair{30.0, 1.0}, {90.0, 0.5}, {-17.5, 1.7}, {359.0, 20.0}}) {
    const cv::Mat cv_m = cv::getRotationMatrix2D(cv::Point2f(50.5f, 20.0f), angle, scale);
    const cpu::Affine ours = Forward(
        "angle=" + std::to_string(angle) + ":scale=" + std::to_string(scale) + ":tx=3.25:ty=-7", 101, 40);
    for (int i = 0; i < 6; ++i) {
      const double expected = cv_m.at<double>(i / 3, i % 3) + (i == 2 ? 3.25 : i == 5 ? -7.0 : 0.0);
      EXPECT_NEAR(ours.m[i], expected, 1e-9) << "angle " << angle << " element " << i;
    }
  }
}

TEST(WarpAffine, InverseMatchesOpenCv) {
  const cpu::Affine fwd = Forward("angle=-17.5:scale=1.7:tx=12:ty=-3", 64, 48);
  cv::Mat cv_inv;
  cv::invertAffineTransform(test::AsCvMatrix(fwd), cv_inv);
  const cpu::Affine inv = cpu::Invert(fwd);
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(inv.m[i], cv_inv.at<double>(i / 3, i % 3), 1e-12) << i;
}

TEST(WarpAffine, IdentityCopiesExactly) {
  for (PixelFormat f : kFormats)
    for (auto [w, h] : {std::pair{1, 1}, {3, 2}, {17, 13}, {200, 77}}) {
      const Image in = test::RandomImage(w, h, f, 5);
      EXPECT_EQ(RunCpu("warp_affine", "reference", "angle=0:scale=1", in), in) << w << "x" << h;
    }
}

TEST(WarpAffine, HalfPixelShiftByHand) {
  // Inverse map: x = x' - 0.5. Output 0 is half fill (200), half pixel 0; output 1 is the mean of both
  // pixels.
  const Image out = RunCpu("warp_affine", "reference", "angle=0:tx=0.5:fill=200", Gray(2, 1, {0, 100}));
  EXPECT_EQ(out, Gray(2, 1, {100, 50}));
}

TEST(WarpAffine, DoubleScaleAboutTheCentreByHand) {
  // Centre (2, 1); x = (x' + 2) / 2 samples 1, 1.5, 2, 2.5; y = (y' + 1) / 2 samples 0.5 and 1 of two equal
  // rows (row 2 lies outside but has weight 0 at y = 1).
  const Image in = Gray(4, 2, {0, 40, 80, 120, 0, 40, 80, 120});
  EXPECT_EQ(RunCpu("warp_affine", "reference", "angle=0:scale=2", in),
            Gray(4, 2, {40, 60, 80, 100, 40, 60, 80, 100}));
}

TEST(WarpAffine, HalfTurnAboutOpenCvsCentreByHand) {
  // With the centre at (w/2, h/2), 180 degrees maps x' to x = w - x', y = h - y': a flip of both axes shifted
  // by one pixel, so row 0 and column 0 sample just outside the image and read the fill.
  const Image in = Gray(4, 2, {1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT_EQ(RunCpu("warp_affine", "reference", "angle=180:fill=9", in), Gray(4, 2, {9, 9, 9, 9, 9, 8, 7, 6}));
}

TEST(WarpAffine, EverythingOutsideIsFill) {
  const Image in = test::RandomImage(31, 17, PixelFormat::Rgba8, 2);
  const Image out = RunCpu("warp_affine", "reference", "tx=100000:fill=77", in);
  for (std::size_t i = 0; i < out.bytes(); ++i) ASSERT_EQ(out.data()[i], 77) << i;
}

TEST(WarpAffine, ConstantImageStaysConstantInside) {
  // Every interpolation of equal taps returns the tap exactly (lerps by fmaf): with fill equal to the image,
  // any map gives a constant output.
  Image in(40, 30, PixelFormat::Gray8);
  for (std::size_t i = 0; i < in.bytes(); ++i) in.data()[i] = 93;
  const Image out = RunCpu("warp_affine", "reference", "angle=-17.5:scale=1.7:tx=2.3:fill=93", in);
  for (std::size_t i = 0; i < out.bytes(); ++i) ASSERT_EQ(out.data()[i], 93) << i;
}

// Fills near the smooth image's values (see warp_oracle.hpp) for the OpenCV comparisons.
const char* kOpenCvCases[] = {"angle=30:fill=128",
                              "angle=0:scale=1:tx=0.3:ty=-0.6:fill=120",
                              "angle=90:scale=0.5:tx=3:ty=-2:fill=128",
                              "angle=-17.5:scale=1.7:fill=140",
                              "angle=123:scale=0.05:fill=128",
                              "angle=-300:scale=3.3:tx=-5.5:ty=7.25:fill=110"};

TEST(WarpAffine, CloseToOpenCvWarpAffine) {
  for (PixelFormat f : kFormats)
    for (auto [w, h] : {std::pair{1, 1}, {3, 2}, {17, 13}, {161, 97}}) {
      const Image in = test::SmoothImage(w, h, f);
      for (const char* params : kOpenCvCases) {
        const ParamValues p = test::ParamsFor(BuiltinRegistry().Get("warp_affine"), params);
        const cv::Mat expected = test::OpenCvWarp(in, cpu::WarpAffineForward(p, w, h), w, h, p.Int("fill"));
        EXPECT_TRUE(CloseToOpenCv(RunCpu("warp_affine", "reference", params, in), expected))
            << params << " on " << w << "x" << h << " " << ToString(f);
      }
    }
}

TEST(WarpAffine, OpenmpMatchesReference) {
  const FilterSpec& spec = BuiltinRegistry().Get("warp_affine");
  std::vector<std::string> cases = spec.test_cases;
  cases.push_back("");  // the defaults
  for (PixelFormat f : kFormats)
    for (auto [w, h] : {std::pair{1, 1}, {3, 2}, {17, 13}, {203, 111}}) {
      const Image in = test::RandomImage(w, h, f, 9);
      for (const std::string& params : cases)
        EXPECT_EQ(RunCpu("warp_affine", "openmp", params, in), RunCpu("warp_affine", "reference", params, in))
            << params << " on " << w << "x" << h;
    }
}

}  // namespace
}  // namespace fl
