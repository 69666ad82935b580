// `gauss` on the CPU: its weights, hand-checkable cases (a constant image, an impulse), OpenCV's GaussianBlur
// as an independent oracle, openmp == reference, and the declaration the GPU harness relies on.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <numeric>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "common/test_images.hpp"
#include "core/cpu/gauss_weights.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

const FilterSpec& Gauss() { return BuiltinRegistry().Get("gauss"); }

ParamValues Params(int radius, float sigma) {
  return test::ParamsFor(Gauss(), "radius=" + std::to_string(radius) + ":sigma=" + std::to_string(sigma));
}

Image RunGauss(const std::string& variant, const Image& in, int radius, float sigma) {
  return RunCpuVariant(Gauss(), BuiltinRegistry().GetVariant(Gauss(), variant), Params(radius, sigma), in);
}

int CvType(PixelFormat f) {
  switch (f) {
    case PixelFormat::Gray8:
      return CV_8UC1;
    case PixelFormat::Rgba8:
      return CV_8UC4;
    case PixelFormat::Gray32f:
      return CV_32FC1;
  }
  return -1;
}

Image OpenCvGauss(const Image& in, int radius, float sigma) {
  const cv::Mat src(in.height(), in.width(), CvType(in.format()), const_cast<std::uint8_t*>(in.data()),
                    in.pitch());
  cv::Mat dst;
  cv::GaussianBlur(src, dst, cv::Size(2 * radius + 1, 2 * radius + 1), sigma, sigma, cv::BORDER_REPLICATE);
  Image out(in.width(), in.height(), in.format());
  for (int y = 0; y < in.height(); ++y) std::memcpy(out.Row<std::uint8_t>(y), dst.ptr(y), out.pitch());
  return out;
}

struct WeightCase {
  int radius;
  float sigma;
};
const WeightCase kWeightCases[] = {{1, 0.5f},  {1, 100.0f}, {4, 2.0f},   {7, 3.0f},
                                   {12, 0.3f}, {32, 10.0f}, {32, 100.0f}};

TEST(GaussWeights, SumToOneAndAreSymmetric) {
  for (const auto& c : kWeightCases) {
    const std::vector<float> w = GaussWeights1D(c.radius, c.sigma);
    ASSERT_EQ(w.size(), static_cast<std::size_t>(2 * c.radius + 1));
    EXPECT_NEAR(std::accumulate(w.begin(), w.end(), 0.0), 1.0, 1e-6) << c.radius << " " << c.sigma;
    for (int i = 0; i < c.radius; ++i) EXPECT_EQ(w[i], w[w.size() - 1 - i]) << c.radius << " " << i;
    for (int i = 0; i < c.radius; ++i) EXPECT_LE(w[i], w[i + 1]) << "weights rise towards the centre";
    EXPECT_GE(w.front(), 0.0f);  // exp underflows to 0 for r = 12, sigma = 0.3
  }
}

TEST(GaussWeights, MatchTheFormula) {
  // radius 1, sigma 1: e^-0.5, 1, e^-0.5 over their sum.
  const double e = std::exp(-0.5), sum = 1 + 2 * e;
  const std::vector<float> w = GaussWeights1D(1, 1.0f);
  EXPECT_FLOAT_EQ(w[0], static_cast<float>(e / sum));
  EXPECT_FLOAT_EQ(w[1], static_cast<float>(1 / sum));
}

TEST(GaussWeights, TwoDimensionalIsTheOuterProduct) {
  for (const auto& c : kWeightCases) {
    const std::vector<float> w = GaussWeights1D(c.radius, c.sigma);
    const std::vector<float> w2 = GaussWeights2D(c.radius, c.sigma);
    const std::size_t d = w.size();
    ASSERT_EQ(w2.size(), d * d);
    EXPECT_NEAR(std::accumulate(w2.begin(), w2.end(), 0.0), 1.0, 1e-5);
    for (std::size_t j = 0; j < d; ++j)
      for (std::size_t i = 0; i < d; ++i) {
        EXPECT_EQ(w2[j * d + i], w[j] * w[i]);
        EXPECT_EQ(w2[j * d + i], w2[i * d + j]);
      }
  }
}

TEST(GaussWeights, RefuseNonsense) {
  EXPECT_THROW(GaussWeights1D(1, 0.0f), InputError);
  EXPECT_THROW(GaussWeights1D(1, -1.0f), InputError);
  EXPECT_THROW(GaussWeights1D(1, NAN), InputError);
  EXPECT_THROW(GaussWeights1D(kGaussMaxRadius + 1, 1.0f), InputError);
  EXPECT_THROW(GaussWeights1D(-1, 1.0f), InputError);
}

TEST(Gauss, ConstantImageStaysConstant) {
  for (int radius : {1, 4, 12, 32}) {
    Image gray(7, 5, PixelFormat::Gray8), rgba(7, 5, PixelFormat::Rgba8), flt(7, 5, PixelFormat::Gray32f);
    std::memset(gray.data(), 137, gray.bytes());
    for (std::size_t i = 0; i < rgba.bytes(); i += 4) {
      rgba.data()[i] = 0, rgba.data()[i + 1] = 10, rgba.data()[i + 2] = 200, rgba.data()[i + 3] = 255;
    }
    for (int y = 0; y < flt.height(); ++y)
      for (int x = 0; x < flt.width(); ++x) flt.Row<float>(y)[x] = -0.75f;
    EXPECT_EQ(RunGauss("reference", gray, radius, 3.0f), gray) << radius;
    EXPECT_EQ(RunGauss("reference", rgba, radius, 3.0f), rgba) << radius;
    // Float weights sum to 1 only within rounding.
    const test::Difference d = test::Compare(RunGauss("reference", flt, radius, 3.0f), flt, 1e-6);
    EXPECT_EQ(d.count, 0u) << radius << ": " << d.Describe();
  }
}

TEST(Gauss, ImpulseResponseIsTheWeights) {
  for (const auto& c : kWeightCases) {
    const int r = c.radius, d = 2 * r + 1, side = d + 6;
    const int cx = side / 2, cy = side / 2 - 1;  // off centre, but more than r from every border
    Image f32(side, side, PixelFormat::Gray32f), u8(side, side, PixelFormat::Gray8);
    f32.Row<float>(cy)[cx] = 1.0f;
    u8.Row<std::uint8_t>(cy)[cx] = 255;
    const Image out32 = RunGauss("reference", f32, r, c.sigma);
    const Image out8 = RunGauss("reference", u8, r, c.sigma);
    const std::vector<float> w2 = GaussWeights2D(r, c.sigma);
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x) {
        const int dy = cy - y, dx = cx - x;  // the tap of the output at (x, y) that sees the impulse
        const bool inside = std::abs(dx) <= r && std::abs(dy) <= r;
        // Every other tap adds w * 0 = 0 exactly, so the sum is the weight itself.
        const float expect = inside ? w2[(dy + r) * d + (dx + r)] : 0.0f;
        ASSERT_EQ(out32.Row<float>(y)[x], expect) << "r " << r << " at " << x << "," << y;
        const float expect8 = std::floor(expect * 255.0f + 0.5f);
        ASSERT_EQ(out8.Row<std::uint8_t>(y)[x], expect8) << "r " << r << " at " << x << "," << y;
      }
  }
}

TEST(Gauss, ReplicateBorderByHand) {
  // One row 0, 0, 90 with radius 1 and sigma 1: weights a, b, a with b = 1 / (1 + 2 e^-0.5); every window row
  // is the same row, so the 2D weights add up per column to a, b, a. x = 2 sees 0, 90, 90 (replicated): 90 (a
  // + b).
  Image in(3, 1, PixelFormat::Gray32f);
  in.Row<float>(0)[2] = 90.0f;
  const Image out = RunGauss("reference", in, 1, 1.0f);
  const double e = std::exp(-0.5), a = e / (1 + 2 * e), b = 1 / (1 + 2 * e);
  EXPECT_NEAR(out.Row<float>(0)[0], 0.0, 1e-6);
  EXPECT_NEAR(out.Row<float>(0)[1], 90 * a, 1e-4);
  EXPECT_NEAR(out.Row<float>(0)[2], 90 * (a + b), 1e-4);
}

struct SizeCase {
  int w, h;
};
const SizeCase kSizes[] = {{1, 1}, {3, 2}, {17, 13}, {64, 48}};
const WeightCase kOracleCases[] = {{1, 0.8f}, {4, 2.0f}, {12, 5.0f}};

TEST(Gauss, AgreesWithOpenCv) {
  std::uint32_t seed = 1;
  for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Gray32f})
    for (const auto& s : kSizes)
      for (const auto& c : kOracleCases) {
        const Image in = test::RandomImage(s.w, s.h, format, seed++);
        const double tolerance = IsInteger(format) ? 1.0 : 1e-4;
        const test::Difference d = test::Compare(RunGauss("reference", in, c.radius, c.sigma),
                                                 OpenCvGauss(in, c.radius, c.sigma), tolerance);
        EXPECT_EQ(d.count, 0u) << ToString(format) << " " << s.w << "x" << s.h << " r " << c.radius << ": "
                               << d.Describe();
      }
}

TEST(Gauss, OpenmpIsBitIdenticalToReference) {
  std::uint32_t seed = 100;
  for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Gray32f})
    for (const auto& s : std::vector<SizeCase>{{64, 48}, {97, 61}})
      for (const auto& c : kWeightCases) {  // radii 1 to 32
        const Image in = test::RandomImage(s.w, s.h, format, seed++);
        EXPECT_EQ(RunGauss("openmp", in, c.radius, c.sigma), RunGauss("reference", in, c.radius, c.sigma))
            << ToString(format) << " " << s.w << "x" << s.h << " r " << c.radius;
      }
}

TEST(GaussDeclaration, IsCompleteForTheGpuHarness) {
  const FilterSpec& f = Gauss();
  EXPECT_EQ(f.accepts,
            (std::vector<PixelFormat>{PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Gray32f}));
  EXPECT_EQ(f.tolerance.max_abs_u8, 1);
  EXPECT_GT(f.tolerance.max_abs_f32, 0.0f);
  for (const auto& t : f.test_cases) EXPECT_NO_THROW(test::ParamsFor(f, t)) << t;
  for (const char* id :
       {"direct_global", "direct_shared", "direct_constant", "separable", "constant_divergent"}) {
    const VariantSpec* v = f.FindVariant(id);
    ASSERT_NE(v, nullptr) << id;
    EXPECT_EQ(v->backend, Backend::Cuda) << id;
    EXPECT_EQ(v->agreement, Agreement::Tolerance) << id;
    EXPECT_NE(v->cuda, nullptr) << id;
    EXPECT_NE(v->kernel, nullptr) << id;
    EXPECT_FALSE(v->expectation.empty()) << id;
  }
  // Variants that keep data in scratch or dynamic shared memory say how much.
  const ParamValues p = Params(4, 2.0f);
  const ImageShape shape{17, 13, PixelFormat::Rgba8};
  EXPECT_EQ(f.FindVariant("direct_global")->scratch_bytes(shape, p), 81 * sizeof(float));
  EXPECT_EQ(f.FindVariant("direct_shared")->scratch_bytes(shape, p), 81 * sizeof(float));
  EXPECT_EQ(f.FindVariant("direct_shared")->smem_bytes(LaunchConfig{}, p, PixelFormat::Gray8),
            81 * sizeof(float));
  const VariantSpec& sep = *f.FindVariant("separable");
  EXPECT_EQ(sep.scratch_bytes(shape, p), 17u * 13u * 4u * sizeof(float));  // float per channel
  EXPECT_EQ(sep.scratch_bytes({17, 13, PixelFormat::Gray8}, p), 17u * 13u * sizeof(float));
  // 32x8 threads, 4 results + 2 apron steps each, one float per gray pixel.
  EXPECT_EQ(sep.smem_bytes(sep.defaults, p, PixelFormat::Gray8), 32u * 8u * 6u * sizeof(float));
}

TEST(GaussDeclaration, SeparableRefusesAnApronNarrowerThanTheRadius) {
  const VariantSpec& sep = *Gauss().FindVariant("separable");
  ASSERT_NE(sep.check_launch, nullptr);
  EXPECT_TRUE(sep.uses.ppt && sep.uses.halo);
  EXPECT_EQ(sep.defaults.ppt, 4);
  EXPECT_EQ(sep.defaults.halo, 1);
  // The defaults serve the default radius and up to 8 (halo 1 x block y 8 for the column pass).
  EXPECT_EQ(sep.check_launch(sep.defaults, DefaultParams(Gauss().params)), std::nullopt);
  EXPECT_EQ(sep.check_launch(sep.defaults, Params(8, 2.0f)), std::nullopt);
  const auto why = sep.check_launch(sep.defaults, Params(9, 2.0f));
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("column pass"), std::string::npos) << *why;
  EXPECT_NE(why->find("halo 1 x block y 8 = 8"), std::string::npos) << *why;
  // The row pass is named when it is the narrow one.
  LaunchConfig narrow = sep.defaults;
  narrow.block_x = 8;
  narrow.block_y = 32;
  const auto rows = sep.check_launch(narrow, Params(12, 2.0f));
  ASSERT_TRUE(rows.has_value());
  EXPECT_NE(rows->find("row pass"), std::string::npos) << *rows;
  // Four halo steps of 32x8 serve the largest radius.
  LaunchConfig wide = sep.defaults;
  wide.halo = 4;
  EXPECT_EQ(sep.check_launch(wide, Params(kGaussMaxRadius, 10.0f)), std::nullopt);
}

}  // namespace
}  // namespace fl
