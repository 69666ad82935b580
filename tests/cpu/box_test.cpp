// `box`: the separable reference against the literal 2D definition (exact), cv::blur (within 1: OpenCV rounds
// its own way), hand-computed values, and openmp against reference.
#include "core/cpu/box.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <opencv2/imgproc.hpp>

#include "common/test_images.hpp"
#include "core/cpu/pixel_access.hpp"
#include "core/cpu_executor.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

const PixelFormat kFormats[] = {PixelFormat::Gray8, PixelFormat::Rgba8};

Image RunBox(const std::string& variant, int radius, const Image& in) {
  const FilterSpec& f = BuiltinRegistry().Get("box");
  return RunCpuVariant(f, BuiltinRegistry().GetVariant(f, variant),
                       test::ParamsFor(f, "radius=" + std::to_string(radius)), in);
}

// The definition, literally: every window pixel with clamped coordinates, summed, then (sum + n/2) / n.
Image BoxByDefinition(const Image& in, int r) {
  Image out(in.width(), in.height(), in.format());
  const int n = (2 * r + 1) * (2 * r + 1);
  for (int y = 0; y < in.height(); ++y)
    for (int x = 0; x < in.width(); ++x)
      for (int c = 0; c < Channels(in.format()); ++c) {
        int sum = 0;
        for (int dy = -r; dy <= r; ++dy)
          for (int dx = -r; dx <= r; ++dx)
            sum += cpu::ReadClamped<std::uint8_t>(in.View(), x + dx, y + dy, c);
        cpu::At<std::uint8_t>(out.MutableView(), x, y, c) = static_cast<std::uint8_t>((sum + n / 2) / n);
      }
  return out;
}

TEST(Box, ReferenceEqualsTheTwoDimensionalDefinition) {
  for (PixelFormat f : kFormats)
    for (auto [w, h] : {std::pair{1, 1}, {3, 2}, {17, 13}, {40, 9}})
      for (int r : {1, 2, 5, 17, 64}) {
        const Image in = test::RandomImage(w, h, f, 100 + r);
        EXPECT_EQ(RunBox("reference", r, in), BoxByDefinition(in, r)) << w << "x" << h << " r=" << r;
      }
}

TEST(Box, CloseToOpenCvBlur) {
  for (PixelFormat f : kFormats)
    for (auto [w, h] : {std::pair{1, 1}, {3, 2}, {17, 13}, {97, 61}})
      for (int r : {1, 3, 17, 64}) {
        const Image in = test::RandomImage(w, h, f, 7 * r);
        const int type = f == PixelFormat::Rgba8 ? CV_8UC4 : CV_8UC1;
        const cv::Mat src(h, w, type, const_cast<std::uint8_t*>(in.data()), in.pitch());
        cv::Mat expected;
        cv::blur(src, expected, cv::Size(2 * r + 1, 2 * r + 1), cv::Point(-1, -1), cv::BORDER_REPLICATE);
        const Image ours = RunBox("reference", r, in);
        int worst = 0;
        for (int y = 0; y < h; ++y)
          for (std::size_t i = 0; i < in.pitch(); ++i)
            worst = std::max(
                worst, std::abs(int{ours.Row<std::uint8_t>(y)[i]} - int{expected.ptr<std::uint8_t>(y)[i]}));
        EXPECT_LE(worst, 1) << w << "x" << h << " r=" << r << " " << ToString(f);
      }
}

TEST(Box, HandComputedRow) {
  // One row [0, 0, 9], radius 1: every window has 3 copies of the row (replicate border), n = 9.
  // x=0: 0 -> 0; x=1: 3 * 9 = 27 -> (27 + 4) / 9 = 3; x=2: 3 * 18 = 54 -> (54 + 4) / 9 = 6.
  Image in(3, 1, PixelFormat::Gray8);
  in.data()[2] = 9;
  const Image out = RunBox("reference", 1, in);
  EXPECT_EQ(out.data()[0], 0);
  EXPECT_EQ(out.data()[1], 3);
  EXPECT_EQ(out.data()[2], 6);
}

TEST(Box, RoundsHalfUp) {
  // A single 1 in a 3x3 window of zeros: 1/9 rounds to 0; a 5 gives 5/9 = 0.56 -> 1; 4/9 = 0.44 -> 0.
  for (auto [v, expected] : {std::pair{1, 0}, {4, 0}, {5, 1}, {255, 28}}) {
    Image in(5, 5, PixelFormat::Gray8);
    in.Row<std::uint8_t>(2)[2] = static_cast<std::uint8_t>(v);
    EXPECT_EQ(RunBox("reference", 1, in).Row<std::uint8_t>(2)[2], expected) << v;  // 255/9 = 28.3
  }
}

TEST(Box, ChannelsAreIndependent) {
  Image in(6, 4, PixelFormat::Rgba8);
  for (std::size_t i = 0; i < in.bytes(); i += 4) {
    in.data()[i] = 10;
    in.data()[i + 1] = 20;
    in.data()[i + 2] = 250;
    in.data()[i + 3] = 0;
  }
  const Image out = RunBox("reference", 2, in);
  EXPECT_EQ(out, in);  // a constant per channel stays that constant
}

TEST(Box, OpenmpMatchesReference) {
  for (PixelFormat f : kFormats)
    for (auto [w, h] : {std::pair{1, 1}, {3, 2}, {17, 13}, {257, 131}})
      for (int r : {1, 3, 17, 64}) {
        const Image in = test::RandomImage(w, h, f, r);
        EXPECT_EQ(RunBox("openmp", r, in), RunBox("reference", r, in)) << w << "x" << h << " r=" << r;
      }
}

TEST(Box, DeclaredTestCasesAtTheGpuHarnessSize) {
  // The GPU harness takes `openmp` as its oracle on 1023 x 769 for every test case (radius up to 64): the
  // O(r) reference keeps this affordable, and openmp must equal it there too.
  const FilterSpec& f = BuiltinRegistry().Get("box");
  ASSERT_FALSE(f.test_cases.empty());
  const Image in = test::RandomImage(1023, 769, PixelFormat::Rgba8, 3);
  for (const std::string& params : f.test_cases) {
    const ParamValues p = test::ParamsFor(f, params);
    EXPECT_EQ(RunCpuVariant(f, BuiltinRegistry().GetVariant(f, "openmp"), p, in),
              RunCpuVariant(f, f.Reference(), p, in))
        << params;
  }
}

}  // namespace
}  // namespace fl

namespace fl {
namespace {

// The fast box kernel divides by multiplying (cpu::BoxReciprocal): exact for every sum it can meet, at every
// radius it serves (1..16), checked here for all sums below 2^19.
TEST(BoxReciprocal, DividesEverySumBelowTwoToTheNineteenExactly) {
  for (int r = 1; r <= 16; ++r) {
    const int n = cpu::BoxTaps(r);
    const std::uint64_t m = cpu::BoxReciprocal(n);
    for (std::uint64_t s = 0; s < (std::uint64_t{1} << cpu::kBoxReciprocalBits); ++s)
      ASSERT_EQ((s * m) >> 32, s / static_cast<std::uint64_t>(n)) << "radius " << r << ", sum " << s;
    EXPECT_LT(static_cast<std::uint64_t>(n) * 255 + n / 2, std::uint64_t{1} << cpu::kBoxReciprocalBits);
  }
}

// The packed horizontal sums of the fast box kernel (radius 1..7) divide both 16-bit lanes of a word without
// masking either out (cpu::BoxLowLaneMean, cpu::BoxHighLaneMean). The high lane's quotient grows with the low lane,
// so each high sum is checked at the largest low sum (and the smallest), the low lane at every sum with the high
// lane at its largest.
TEST(BoxLaneMean, DividesBothLanesOfEveryPackedSumExactly) {
  for (int r = 1; r <= 7; ++r) {
    const unsigned n = static_cast<unsigned>(cpu::BoxTaps(r));
    ASSERT_LE(n, static_cast<unsigned>(cpu::kBoxLaneMeanMaxTaps));
    const unsigned m = cpu::BoxReciprocal(static_cast<int>(n));
    const unsigned top = 255 * n + n / 2;  // a box sum plus half of n: the largest lane value
    ASSERT_LT(top, 1u << 16) << "radius " << r;
    for (unsigned hi = 0; hi <= top; ++hi)
      for (const unsigned lo : {0u, top}) {
        const unsigned t = lo | (hi << 16);
        ASSERT_EQ(cpu::BoxHighLaneMean(t, m), hi / n) << "radius " << r << ", lanes " << lo << ", " << hi;
        ASSERT_EQ(cpu::BoxLowLaneMean(t, m), lo / n) << "radius " << r << ", lanes " << lo << ", " << hi;
      }
    for (unsigned lo = 0; lo <= top; ++lo)
      ASSERT_EQ(cpu::BoxLowLaneMean(lo | (top << 16), m), lo / n) << "radius " << r << ", low lane " << lo;
  }
}

}  // namespace
}  // namespace fl
