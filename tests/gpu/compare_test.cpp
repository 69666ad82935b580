// The device side of the A/B comparison against its CPU definition (core/metrics.hpp): DeviceComparer must
// give CompareImages' metrics (bit for bit for 8-bit images, to rounding of the sums for gray32f), the heat
// map must be DifferenceHeatMap byte for byte, and the mask must mark exactly the pixels CompareImages
// counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <vector>

#include "common/test_images.hpp"
#include "core/error.hpp"
#include "core/metrics.hpp"
#include "cuda/compare/device_metrics.hpp"
#include "cuda/compare/difference_map.hpp"
#include "cuda/device_info.hpp"
#include "cuda/transfer.hpp"

namespace fl {
namespace {

#define FL_SKIP_WITHOUT_DEVICE() \
  if (cuda::DeviceCount() == 0) GTEST_SKIP() << "no CUDA device: " << cuda::NoDeviceReason()

const PixelFormat kFormats[] = {PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Gray32f};
struct Size {
  int w, h;
};
// Odd sizes: a single pixel, a grid smaller than one warp, a partial block, and a grid-stride loop with a
// tail.
const Size kSizes[] = {{1, 1}, {3, 2}, {17, 13}, {1023, 769}};

// A copy of `a` with about a fifth of its values moved by a random amount, small or large, so that a
// tolerance splits the mismatches and the sums are not trivial.
Image Perturbed(const Image& a, std::uint32_t seed) {
  Image b = a;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pick(0, 4), delta(-40, 40);
  std::uniform_real_distribution<float> fdelta(-0.5f, 0.5f);
  if (a.format() == PixelFormat::Gray32f) {
    for (int y = 0; y < b.height(); ++y)
      for (int x = 0; x < b.width(); ++x)
        if (pick(rng) == 0) b.Row<float>(y)[x] += fdelta(rng);
  } else {
    for (std::size_t i = 0; i < b.bytes(); ++i)
      if (pick(rng) == 0)
        b.data()[i] = static_cast<std::uint8_t>(std::clamp(b.data()[i] + delta(rng), 0, 255));
  }
  return b;
}

double MidTolerance(PixelFormat f) { return f == PixelFormat::Gray32f ? 0.1 : 10.0; }

// Both images on the device, on one stream.
struct OnDevice {
  OnDevice(const Image& host_a, const Image& host_b) {
    transfer.Upload(host_a, a, stream.get());
    transfer.Upload(host_b, b, stream.get());
  }
  Image Download(const cuda::DeviceImage& img) { return transfer.Download(img.view(), stream.get()); }

  cuda::Stream stream = cuda::Stream::Create();
  cuda::Transfer transfer;
  cuda::DeviceImage a, b;
};

std::string Label(PixelFormat f, int w, int h, double tolerance) {
  std::ostringstream os;
  os << ToString(f) << " " << w << "x" << h << " tolerance " << tolerance;
  return os.str();
}

// 8-bit: every field identical (the device sums are exact integers and the host finishes them with the CPU's
// arithmetic). gray32f: max_abs and the counts identical, the sums to a relative 1e-6.
void ExpectSameMetrics(const ImageMetrics& got, const ImageMetrics& want, PixelFormat f) {
  EXPECT_EQ(got.mismatches, want.mismatches);
  EXPECT_EQ(got.first_mismatch, want.first_mismatch);
  EXPECT_EQ(got.mismatch_pct, want.mismatch_pct);
  EXPECT_EQ(got.max_abs, want.max_abs);
  if (IsInteger(f) || !std::isfinite(want.mean_abs)) {
    EXPECT_EQ(got.mean_abs, want.mean_abs);
  } else {
    EXPECT_NEAR(got.mean_abs, want.mean_abs, 1e-6 * std::fabs(want.mean_abs));
  }
  if (IsInteger(f) || !std::isfinite(want.psnr)) {
    EXPECT_EQ(got.psnr, want.psnr);
  } else {
    EXPECT_NEAR(got.psnr, want.psnr, 1e-5);  // a relative 1e-6 on the mean square is 4.3e-6 dB
  }
}

TEST(DeviceCompare, MatchesCompareImagesOnRandomImages) {
  FL_SKIP_WITHOUT_DEVICE();
  cuda::DeviceComparer comparer;  // one workspace for every case, as the UI keeps one across frames
  std::uint32_t seed = 1;
  for (PixelFormat f : kFormats)
    for (const Size& s : kSizes) {
      const Image a = test::RandomImage(s.w, s.h, f, seed++);
      for (const Image& b : {Perturbed(a, seed++), test::RandomImage(s.w, s.h, f, seed++)}) {
        OnDevice dev(a, b);
        for (double tolerance : {0.0, MidTolerance(f)}) {
          SCOPED_TRACE(Label(f, s.w, s.h, tolerance));
          ExpectSameMetrics(comparer.Compare(dev.a.view(), dev.b.view(), tolerance, dev.stream.get()),
                            CompareImages(a, b, tolerance), f);
        }
      }
    }
}

TEST(DeviceCompare, BlockSizesThatAreNotPowersOfTwo) {
  // 3, 5 and 31 warps: the cross-warp fold must bring empty partials for the missing lanes.
  FL_SKIP_WITHOUT_DEVICE();
  for (PixelFormat f : kFormats)
    for (const Size& s : {Size{17, 13}, Size{1023, 769}}) {
      const Image a = test::RandomImage(s.w, s.h, f, 100), b = Perturbed(a, 101);
      OnDevice dev(a, b);
      const ImageMetrics want = CompareImages(a, b, MidTolerance(f));
      for (int threads : {32, 96, 160, 256, 992, 1024}) {
        SCOPED_TRACE(Label(f, s.w, s.h, MidTolerance(f)) + ", " + std::to_string(threads) + " threads");
        cuda::DeviceComparer comparer(threads);
        ExpectSameMetrics(comparer.Compare(dev.a.view(), dev.b.view(), MidTolerance(f), dev.stream.get()),
                          want, f);
        EXPECT_GE(comparer.last_blocks(), 1);
      }
    }
}

TEST(DeviceCompare, IdenticalImagesHaveInfinitePsnrAndNoMismatch) {
  FL_SKIP_WITHOUT_DEVICE();
  for (PixelFormat f : kFormats)
    for (const Size& s : kSizes) {
      SCOPED_TRACE(Label(f, s.w, s.h, 0));
      const Image a = test::RandomImage(s.w, s.h, f, 7);
      OnDevice dev(a, a);
      const ImageMetrics m = cuda::CompareOnDevice(dev.a.view(), dev.b.view(), 0.0, dev.stream.get());
      EXPECT_TRUE(std::isinf(m.psnr) && m.psnr > 0) << m.psnr;
      EXPECT_EQ(m.max_abs, 0.0);
      EXPECT_EQ(m.mean_abs, 0.0);
      EXPECT_EQ(m.mismatches, 0u);
      EXPECT_EQ(m.mismatch_pct, 0.0);
      EXPECT_FALSE(m.first_mismatch.has_value());
    }
}

// `img` with one pixel changed a little: for rgba8 only its alpha, so every channel takes part in the rule.
void ChangePixel(Image& img, int x, int y) {
  switch (img.format()) {
    case PixelFormat::Gray8:
      img.Row<std::uint8_t>(y)[x] ^= 1;
      break;
    case PixelFormat::Rgba8:
      img.Row<std::uint8_t>(y)[4 * x + 3] ^= 1;
      break;
    case PixelFormat::Gray32f:
      img.Row<float>(y)[x] += 0.25f;
      break;
  }
}

TEST(DeviceCompare, FindsOneChangedPixelWhereverItIs) {
  FL_SKIP_WITHOUT_DEVICE();
  cuda::DeviceComparer comparer;
  for (PixelFormat f : kFormats)
    for (const Size& s : kSizes) {
      const Image a = test::RandomImage(s.w, s.h, f, 11);
      for (const auto& [x, y] : {std::pair{0, 0}, std::pair{s.w / 2, s.h / 2}, std::pair{s.w - 1, s.h - 1}}) {
        SCOPED_TRACE(Label(f, s.w, s.h, 0) + " pixel " + std::to_string(x) + "," + std::to_string(y));
        Image b = a;
        ChangePixel(b, x, y);
        OnDevice dev(a, b);
        const ImageMetrics m = comparer.Compare(dev.a.view(), dev.b.view(), 0.0, dev.stream.get());
        EXPECT_EQ(m.mismatches, 1u);
        EXPECT_EQ(m.first_mismatch, std::make_optional(std::make_pair(x, y)));
        ExpectSameMetrics(m, CompareImages(a, b, 0.0), f);
      }
    }
}

TEST(DeviceCompare, EarliestMismatchWinsAcrossBlocks) {
  // The last pixel and one in the middle lie in different blocks; atomicMin of the row-major index must pick
  // the middle one whichever block finishes first. Also the first pixel against the last.
  FL_SKIP_WITHOUT_DEVICE();
  const int w = 1023, h = 769;
  for (PixelFormat f : kFormats)
    for (const auto& [x, y] : {std::pair{w / 2, h / 2}, std::pair{0, 0}, std::pair{w - 2, h - 1}}) {
      SCOPED_TRACE(Label(f, w, h, 0) + " first " + std::to_string(x) + "," + std::to_string(y));
      const Image a = test::RandomImage(w, h, f, 13);
      Image b = a;
      ChangePixel(b, w - 1, h - 1);
      ChangePixel(b, x, y);
      OnDevice dev(a, b);
      const ImageMetrics m = cuda::CompareOnDevice(dev.a.view(), dev.b.view(), 0.0, dev.stream.get());
      EXPECT_EQ(m.mismatches, 2u);
      EXPECT_EQ(m.first_mismatch, std::make_optional(std::make_pair(x, y)));
    }
}

TEST(DeviceCompare, NanCountsAsInfinitelyDifferentAndIsLeftOutOfTheRange) {
  FL_SKIP_WITHOUT_DEVICE();
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  Image a = test::RandomImage(41, 23, PixelFormat::Gray32f, 17);
  Image b = Perturbed(a, 18);
  b.Row<float>(5)[7] = nan;  // NaN in B only
  a.Row<float>(9)[3] = nan;  // NaN in A (and B): not part of A's range
  b.Row<float>(9)[3] = nan;
  a.Row<float>(20)[40] = inf;  // infinite in A: not part of the range either
  OnDevice dev(a, b);
  cuda::DeviceComparer comparer;
  const ImageMetrics want = CompareImages(a, b, 0.1);
  const ImageMetrics got = comparer.Compare(dev.a.view(), dev.b.view(), 0.1, dev.stream.get());
  ExpectSameMetrics(got, want, PixelFormat::Gray32f);
  EXPECT_TRUE(std::isinf(got.max_abs));
  EXPECT_EQ(got.first_mismatch, want.first_mismatch);

  // A's finite range, as the CPU finds it.
  float lo = inf, hi = -inf;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x)
      if (const float v = a.Row<float>(y)[x]; std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
  EXPECT_EQ(comparer.span_of_a().lo, lo);
  EXPECT_EQ(comparer.span_of_a().hi, hi);
}

TEST(DeviceCompare, FloatImageWithoutFiniteValuesUsesPeakOne) {
  FL_SKIP_WITHOUT_DEVICE();
  Image a(5, 3, PixelFormat::Gray32f), b(5, 3, PixelFormat::Gray32f);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 5; ++x)
      a.Row<float>(y)[x] = std::numeric_limits<float>::infinity(), b.Row<float>(y)[x] = 1;
  OnDevice dev(a, b);
  cuda::DeviceComparer comparer;
  ExpectSameMetrics(comparer.Compare(dev.a.view(), dev.b.view(), 0.0, dev.stream.get()), CompareImages(a, b),
                    PixelFormat::Gray32f);
  EXPECT_EQ(comparer.span_of_a().Peak(), 1.0);
}

TEST(DeviceCompare, EnqueueAndCollectAcrossShapes) {
  FL_SKIP_WITHOUT_DEVICE();
  cuda::DeviceComparer comparer;
  EXPECT_THROW(comparer.Collect(), InputError);  // nothing enqueued yet
  for (const Size& s : {Size{1023, 769}, Size{3, 2}, Size{17, 13}, Size{1023, 769}}) {
    const Image a = test::RandomImage(s.w, s.h, PixelFormat::Rgba8, 21), b = Perturbed(a, 22);
    OnDevice dev(a, b);
    comparer.Enqueue(dev.a.view(), dev.b.view(), 0.0, dev.stream.get());
    ExpectSameMetrics(comparer.Collect(), CompareImages(a, b), PixelFormat::Rgba8);
  }
  EXPECT_THROW(comparer.Collect(), InputError);  // collected already
}

TEST(DeviceCompare, RejectsBadArgumentsBeforeTouchingTheDevice) {
  // Runs without a device: every check comes before the first CUDA call.
  EXPECT_THROW(cuda::DeviceComparer(100), InputError);
  EXPECT_THROW(cuda::DeviceComparer(0), InputError);
  EXPECT_THROW(cuda::DeviceComparer(2048), InputError);
  std::uint8_t fake[64] = {};
  const DeviceView a{fake, {4, 4, PixelFormat::Gray8}, 4};
  const DeviceView wider{fake, {5, 4, PixelFormat::Gray8}, 8};
  const DeviceView rgba{fake, {4, 4, PixelFormat::Rgba8}, 16};
  const DeviceView empty{nullptr, {4, 4, PixelFormat::Gray8}, 4};
  cuda::DeviceComparer comparer;
  EXPECT_THROW(comparer.Enqueue(a, wider, 0.0, nullptr), InputError);
  EXPECT_THROW(comparer.Enqueue(a, rgba, 0.0, nullptr), InputError);
  EXPECT_THROW(comparer.Enqueue(a, empty, 0.0, nullptr), InputError);
  try {
    comparer.Enqueue(a, wider, 0.0, nullptr);
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "cannot compare 4x4 gray8 with 5x4 gray8");
  }
  cuda::DiffMapSettings settings;
  EXPECT_THROW(cuda::WriteDifferenceMap(a, a, a, settings, nullptr), InputError);  // output not rgba8
  settings.gain = -1;
  EXPECT_THROW(cuda::WriteDifferenceMap(a, a, rgba, settings, nullptr), InputError);
  settings.gain = std::numeric_limits<double>::infinity();
  EXPECT_THROW(cuda::WriteDifferenceMap(a, a, rgba, settings, nullptr), InputError);
}

// Runs the map on the device and downloads it.
Image DeviceMap(OnDevice& dev, const cuda::DiffMapSettings& settings) {
  cuda::DeviceImage out(ImageShape{dev.a.shape().width, dev.a.shape().height, PixelFormat::Rgba8});
  cuda::WriteDifferenceMap(dev.a.view(), dev.b.view(), out.view(), settings, dev.stream.get());
  dev.stream.Synchronize();
  return dev.Download(out);
}

TEST(DeviceDifferenceMap, HeatMapEqualsDifferenceHeatMapByteForByte) {
  // 8-bit images as the task demands; gray32f too, since the device repeats the CPU's double arithmetic on
  // the same span of A.
  FL_SKIP_WITHOUT_DEVICE();
  std::uint32_t seed = 31;
  for (PixelFormat f : kFormats)
    for (const Size& s : kSizes) {
      const Image a = test::RandomImage(s.w, s.h, f, seed++);
      for (const Image& b : {Perturbed(a, seed++), test::RandomImage(s.w, s.h, f, seed++)}) {
        OnDevice dev(a, b);
        cuda::DeviceComparer comparer;
        comparer.Compare(dev.a.view(), dev.b.view(), 0.0, dev.stream.get());  // measures A's span
        for (double gain : {1.0, 0.25, 3.7, 40.0, 255.0, 0.0}) {
          SCOPED_TRACE(Label(f, s.w, s.h, 0) + " gain " + std::to_string(gain));
          cuda::DiffMapSettings settings;
          settings.gain = gain;
          settings.span_of_a = comparer.span_of_a();
          const auto diff = test::Compare(DeviceMap(dev, settings), DifferenceHeatMap(a, b, gain));
          EXPECT_EQ(diff.count, 0u) << diff.Describe();
        }
      }
    }
}

// A's grey level as the mask dims it (see DimmedGrey): the byte, or the `gray` filter's luma.
std::uint8_t GreyOf(const Image& a, int x, int y) {
  if (a.format() == PixelFormat::Gray8) return a.Row<std::uint8_t>(y)[x];
  const std::uint8_t* p = a.Row<std::uint8_t>(y) + 4 * x;
  return static_cast<std::uint8_t>((77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8);
}

bool Mismatches(const Image& a, const Image& b, int x, int y, double tolerance) {
  for (int c = 0; c < Channels(a.format()); ++c) {
    double va, vb;
    if (a.format() == PixelFormat::Gray32f) {
      va = a.Row<float>(y)[x], vb = b.Row<float>(y)[x];
    } else {
      const int i = x * Channels(a.format()) + c;
      va = a.Row<std::uint8_t>(y)[i], vb = b.Row<std::uint8_t>(y)[i];
    }
    const double d = std::fabs(va - vb);
    if (std::isnan(d) || d > tolerance) return true;
  }
  return false;
}

TEST(DeviceDifferenceMap, MaskMarksExactlyTheMismatchingPixels) {
  FL_SKIP_WITHOUT_DEVICE();
  for (PixelFormat f : kFormats)
    for (const Size& s : kSizes) {
      Image a = test::RandomImage(s.w, s.h, f, 41);
      Image b = Perturbed(a, 42);
      if (f == PixelFormat::Gray32f && s.w > 2) b.Row<float>(0)[1] = std::numeric_limits<float>::quiet_NaN();
      OnDevice dev(a, b);
      cuda::DeviceComparer comparer;
      for (double tolerance : {0.0, MidTolerance(f)}) {
        SCOPED_TRACE(Label(f, s.w, s.h, tolerance));
        const ImageMetrics m = comparer.Compare(dev.a.view(), dev.b.view(), tolerance, dev.stream.get());
        cuda::DiffMapSettings settings;
        settings.mode = cuda::DiffMode::MismatchMask;
        settings.tolerance = tolerance;
        settings.span_of_a = comparer.span_of_a();
        const Image mask = DeviceMap(dev, settings);
        std::size_t marked = 0, wrong = 0;
        for (int y = 0; y < s.h; ++y)
          for (int x = 0; x < s.w; ++x) {
            const std::uint8_t* p = mask.Row<std::uint8_t>(y) + 4 * x;
            const bool is_mark = p[0] == cuda::kMismatchColour[0] && p[1] == cuda::kMismatchColour[1] &&
                                 p[2] == cuda::kMismatchColour[2] && p[3] == cuda::kMismatchColour[3];
            marked += is_mark;
            bool ok = is_mark == Mismatches(a, b, x, y, tolerance);
            if (!is_mark) {
              ok = ok && p[0] == p[1] && p[1] == p[2] && p[3] == 255 && p[0] <= cuda::DimmedGrey(255);
              if (f != PixelFormat::Gray32f) ok = ok && p[0] == cuda::DimmedGrey(GreyOf(a, x, y));
            }
            if (!ok && wrong++ == 0)
              ADD_FAILURE() << "first wrong mask pixel at (" << x << ", " << y << "): " << int(p[0]) << ","
                            << int(p[1]) << "," << int(p[2]) << "," << int(p[3]);
          }
        EXPECT_EQ(wrong, 0u);
        EXPECT_EQ(marked, m.mismatches);
        EXPECT_EQ(marked, CompareImages(a, b, tolerance).mismatches);
      }
    }
}

}  // namespace
}  // namespace fl
