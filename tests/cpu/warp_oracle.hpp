#pragma once
// Shared by the warp_affine and letterbox tests: smooth test images, running a CPU variant, and the
// comparison with cv::warpAffine.
//
// OpenCV's bilinear warp is fixed point: positions rounded to 1/32 pixel, weights to 15 bits. A position off
// by 1/64 pixel changes the result by 1/64 of the local step between neighbours, so the comparison only holds
// within 1 where steps are small: the images here are smooth (steps below 20 grey levels), and the fills the
// OpenCV tests use are near the image values (the one-pixel rim blends image and fill). The exact rim
// behaviour is checked by hand-computed cases instead.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <opencv2/imgproc.hpp>
#include <string>

#include "common/test_images.hpp"
#include "core/cpu/affine.hpp"
#include "core/cpu_executor.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::test {

// mid +- amp, varying by at most about 0.45 * amp per pixel; each channel with its own phase.
inline Image SmoothImage(int w, int h, PixelFormat format, double mid = 128, double amp = 40) {
  Image img(w, h, format);
  const int ch = Channels(format);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < ch; ++c) {
        const double v =
            mid + amp * std::sin(0.21 * x + 0.13 * y + c) * std::cos(0.07 * x - 0.17 * y + 2 * c);
        img.Row<std::uint8_t>(y)[x * ch + c] = static_cast<std::uint8_t>(std::lround(v));
      }
  return img;
}

inline Image RunCpu(const std::string& filter, const std::string& variant, const std::string& params,
                    const Image& in) {
  const FilterSpec& f = BuiltinRegistry().Get(filter);
  return RunCpuVariant(f, BuiltinRegistry().GetVariant(f, variant), ParamsFor(f, params), in);
}

inline cv::Mat AsMat(const Image& img) {
  const int type = img.format() == PixelFormat::Rgba8 ? CV_8UC4 : CV_8UC1;
  return cv::Mat(img.height(), img.width(), type, const_cast<std::uint8_t*>(img.data()), img.pitch());
}

inline cv::Mat AsCvMatrix(const cpu::Affine& a) {
  cv::Mat m(2, 3, CV_64F);
  for (int i = 0; i < 6; ++i) m.at<double>(i / 3, i % 3) = a.m[i];
  return m;
}

// cv::warpAffine of `in` with the forward matrix `forward` (OpenCV inverts it), bilinear, constant border.
inline cv::Mat OpenCvWarp(const Image& in, const cpu::Affine& forward, int out_w, int out_h, int fill) {
  cv::Mat out;
  cv::warpAffine(AsMat(in), out, AsCvMatrix(forward), cv::Size(out_w, out_h), cv::INTER_LINEAR,
                 cv::BORDER_CONSTANT, cv::Scalar::all(fill));
  return out;
}

// Within 1 of OpenCV everywhere, and within 2 (never more) on at most 0.2% of the pixels.
inline ::testing::AssertionResult CloseToOpenCv(const Image& ours, const cv::Mat& theirs) {
  if (ours.width() != theirs.cols || ours.height() != theirs.rows)
    return ::testing::AssertionFailure() << "sizes differ";
  const int ch = Channels(ours.format());
  std::size_t off_by_2 = 0;
  for (int y = 0; y < ours.height(); ++y)
    for (int x = 0; x < ours.width(); ++x) {
      int worst = 0;
      for (int c = 0; c < ch; ++c)
        worst = std::max(worst, std::abs(int{ours.Row<std::uint8_t>(y)[x * ch + c]} -
                                         int{theirs.ptr<std::uint8_t>(y)[x * ch + c]}));
      if (worst > 2)
        return ::testing::AssertionFailure() << "differs by " << worst << " at (" << x << ", " << y << ")";
      if (worst == 2) ++off_by_2;
    }
  if (off_by_2 * 1000 > ours.shape().Pixels() * 2)
    return ::testing::AssertionFailure()
           << off_by_2 << " of " << ours.shape().Pixels() << " pixels differ by 2";
  return ::testing::AssertionSuccess();
}

}  // namespace fl::test
