// The point operations against independent element-wise formulas (written here in the plainest form, in double
// where the filter uses float), on every declared parameter set, at the saturation edges 0 / 255, on odd sizes,
// and through a pipeline whose `with=stage:N` picks an earlier stage's output. openmp must equal reference.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/test_images.hpp"
#include "core/cpu/point_ops_math.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

using Unary = std::function<int(int a, const ParamValues& p)>;
using Binary = std::function<int(int a, int b)>;

int ExpectedBrightnessContrast(int a, const ParamValues& p) {
  // The filter's parameters are floats; the product of a float and a byte plus a float is exact in double, so this
  // rounds once, like the filter's fmaf, for every value the tests use.
  const double v = std::nearbyint(static_cast<double>(p.Float("alpha")) * a + static_cast<double>(p.Float("beta")));
  return static_cast<int>(std::min(255.0, std::max(0.0, v)));
}
int ExpectedInvert(int a, const ParamValues&) { return 255 - a; }
int ExpectedThreshold(int a, const ParamValues& p) { return a > p.Int("t") ? 255 : 0; }

const std::vector<std::pair<std::string, Unary>>& UnaryOps() {
  static const std::vector<std::pair<std::string, Unary>> ops = {
      {"brightness_contrast", ExpectedBrightnessContrast},
      {"invert", ExpectedInvert},
      {"threshold", ExpectedThreshold},
  };
  return ops;
}
const std::vector<std::pair<std::string, Binary>>& BinaryOps() {
  static const std::vector<std::pair<std::string, Binary>> ops = {
      {"add", [](int a, int b) { return std::min(255, a + b); }},
      {"sub", [](int a, int b) { return std::max(0, a - b); }},
      {"absdiff", [](int a, int b) { return std::abs(a - b); }},
  };
  return ops;
}

// Every channel value 0..255 once (and again, so that images of any width hold both ends), as gray8 or rgba8.
Image Ramp(PixelFormat format) {
  Image img(256, 2, format);
  const int ch = Channels(format);
  for (int y = 0; y < 2; ++y)
    for (int i = 0; i < 256 * ch; ++i) img.Row<std::uint8_t>(y)[i] = static_cast<std::uint8_t>((i + 97 * y) % 256);
  return img;
}

std::vector<Image> Inputs(PixelFormat format) {
  return {Ramp(format), test::RandomImage(1, 1, format, 1), test::RandomImage(3, 2, format, 2),
          test::RandomImage(17, 13, format, 3)};
}

std::vector<std::string> ParamSets(const FilterSpec& f) {
  std::vector<std::string> sets = {""};
  sets.insert(sets.end(), f.test_cases.begin(), f.test_cases.end());
  return sets;
}

Image RunPoint(const FilterSpec& f, const std::string& variant, const ParamValues& p, const Image& in,
          const Image* second = nullptr) {
  return RunCpuVariant(f, BuiltinRegistry().GetVariant(f, variant), p, in, second);
}

// Compares every channel of `out` against `expected(i, y)` (i: channel index within the row).
void ExpectChannels(const Image& out, const std::function<int(std::size_t, int)>& expected, const std::string& what) {
  int bad = 0;
  for (int y = 0; y < out.height(); ++y)
    for (std::size_t i = 0; i < out.shape().RowBytes(); ++i) {
      const int got = out.Row<std::uint8_t>(y)[i];
      const int want = expected(i, y);
      if (got != want && ++bad <= 3) ADD_FAILURE() << what << ": channel " << i << " of row " << y << " is " << got
                                                   << ", expected " << want;
    }
}

TEST(PointOps, UnaryMatchFormulaOnEveryDeclaredCase) {
  for (const auto& [id, formula] : UnaryOps()) {
    const FilterSpec& f = BuiltinRegistry().Get(id);
    for (const std::string& set : ParamSets(f)) {
      const ParamValues p = test::ParamsFor(f, set);
      for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Rgba8})
        for (const Image& in : Inputs(format)) {
          const std::string what = id + " [" + set + "] " + std::string(ToString(format)) + " " +
                                   std::to_string(in.width()) + "x" + std::to_string(in.height());
          const Image ref = RunPoint(f, "reference", p, in);
          ASSERT_EQ(ref.shape(), in.shape()) << what;
          ExpectChannels(
              ref, [&](std::size_t i, int y) { return formula(in.Row<std::uint8_t>(y)[i], p); }, what);
          EXPECT_EQ(RunPoint(f, "openmp", p, in), ref) << what;
        }
    }
  }
}

TEST(PointOps, BinaryMatchFormulaIncludingSaturation) {
  for (const auto& [id, formula] : BinaryOps()) {
    const FilterSpec& f = BuiltinRegistry().Get(id);
    const ParamValues p = test::ParamsFor(f, "with=source");
    for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Rgba8})
      for (const Image& a : Inputs(format)) {
        // The ramp against its mirror reaches both saturation edges; the random images against another seed.
        Image b = test::RandomImage(a.width(), a.height(), format, 99);
        if (a.width() == 256)
          for (int y = 0; y < a.height(); ++y)
            for (std::size_t i = 0; i < a.shape().RowBytes(); ++i)
              b.Row<std::uint8_t>(y)[i] = static_cast<std::uint8_t>(255 - a.Row<std::uint8_t>(y)[(i + 5) % 256]);
        const std::string what = id + " " + std::string(ToString(format)) + " " + std::to_string(a.width()) + "x" +
                                 std::to_string(a.height());
        const Image ref = RunPoint(f, "reference", p, a, &b);
        ExpectChannels(
            ref,
            [&](std::size_t i, int y) { return formula(a.Row<std::uint8_t>(y)[i], b.Row<std::uint8_t>(y)[i]); },
            what);
        EXPECT_EQ(RunPoint(f, "openmp", p, a, &b), ref) << what;
      }
  }
}

TEST(PointOps, BrightnessContrastByHand) {
  const FilterSpec& f = BuiltinRegistry().Get("brightness_contrast");
  Image in(6, 1, PixelFormat::Gray8);
  const std::uint8_t values[6] = {0, 1, 3, 5, 100, 255};
  for (int x = 0; x < 6; ++x) in.Row<std::uint8_t>(0)[x] = values[x];
  // alpha 0.5, beta 0.5: 0.5, 1, 2, 3, 50.5, 128 -> rint rounds halves to even: 0, 1, 2, 3, 50, 128.
  const Image half = RunPoint(f, "reference", test::ParamsFor(f, "alpha=0.5:beta=0.5"), in);
  const std::uint8_t want_half[6] = {0, 1, 2, 3, 50, 128};
  for (int x = 0; x < 6; ++x) EXPECT_EQ(half.Row<std::uint8_t>(0)[x], want_half[x]) << x;
  // alpha 2.5, beta -40: -40, -37.5, -32.5, -27.5, 210, 597.5 -> 0, 0, 0, 0, 210, 255.
  const Image steep = RunPoint(f, "reference", test::ParamsFor(f, "alpha=2.5:beta=-40"), in);
  const std::uint8_t want_steep[6] = {0, 0, 0, 0, 210, 255};
  for (int x = 0; x < 6; ++x) EXPECT_EQ(steep.Row<std::uint8_t>(0)[x], want_steep[x]) << x;
}

// The functor rounds by adding 2^23 to the clamped value instead of calling rintf (point_ops_math.hpp). Every byte
// against the documented formula, clamp(rintf(fmaf(alpha, in, beta))), over the parameters' whole range: alpha in
// steps of 1/16 (ties: 0.5 x odd + integer beta) and a few that are not dyadic, beta in steps of 1/4.
TEST(PointOps, BrightnessContrastRoundingAgreesWithRintOverTheParameterRange) {
  std::vector<float> alphas = {1.2f, 0.3f, 7.77f, 1.0f / 3.0f, 2.9999f};
  for (int k = 0; k <= 128; ++k) alphas.push_back(static_cast<float>(k) / 16.0f);
  int mismatches = 0;
  for (const float alpha : alphas)
    for (int q = -1020; q <= 1020; ++q) {
      const float beta = static_cast<float>(q) / 4.0f;
      const point::BrightnessContrast op{alpha, beta};
      for (int a = 0; a < 256; ++a) {
        const float v = std::rint(std::fma(alpha, static_cast<float>(a), beta));
        const int want = v < 0.0f ? 0 : (v > 255.0f ? 255 : static_cast<int>(v));
        const int got = op(static_cast<std::uint8_t>(a));
        if (got != want && ++mismatches <= 5)
          ADD_FAILURE() << "alpha " << alpha << " beta " << beta << " in " << a << ": " << got << ", want " << want;
      }
    }
  EXPECT_EQ(mismatches, 0);
}

TEST(PointOps, OutOfRangeParametersAreRejected) {
  const FilterSpec& f = BuiltinRegistry().Get("brightness_contrast");
  EXPECT_THROW(test::ParamsFor(f, "alpha=0:beta=300"), InputError);
  EXPECT_THROW(test::ParamsFor(f, "alpha=9"), InputError);
  EXPECT_THROW(test::ParamsFor(BuiltinRegistry().Get("threshold"), "t=256"), InputError);
  EXPECT_THROW(test::ParamsFor(BuiltinRegistry().Get("add"), "with=stage:0"), InputError);
  EXPECT_THROW(test::ParamsFor(BuiltinRegistry().Get("add"), "with=other"), InputError);
}

TEST(PointOps, TwoInputOpsDeclareTheirSecondInput) {
  for (const auto& [id, formula] : BinaryOps()) {
    const FilterSpec& f = BuiltinRegistry().Get(id);
    EXPECT_EQ(f.inputs, 2) << id;
    const ParamSpec* with = f.FindParam("with");
    ASSERT_NE(with, nullptr) << id;
    EXPECT_EQ(with->def_choice, "source") << id;
  }
  for (const auto& [id, formula] : UnaryOps()) EXPECT_EQ(BuiltinRegistry().Get(id).inputs, 1) << id;
}

TEST(PointOps, MissingOrMismatchedSecondInputIsAnInputError) {
  const FilterSpec& f = BuiltinRegistry().Get("sub");
  const Image a = test::RandomImage(5, 4, PixelFormat::Gray8, 1);
  const Image other = test::RandomImage(4, 5, PixelFormat::Gray8, 2);
  EXPECT_THROW(RunPoint(f, "reference", DefaultParams(f.params), a), InputError);
  EXPECT_THROW(RunPoint(f, "reference", DefaultParams(f.params), a, &other), InputError);
}

TEST(PointOps, EveryPointOpHasTheFourCudaLayouts) {
  for (const char* id : {"brightness_contrast", "invert", "threshold", "add", "sub", "absdiff"}) {
    const FilterSpec& f = BuiltinRegistry().Get(id);
    for (const char* v : {"naive", "ppt2x2", "ppt4x4", "vec4"}) {
      const VariantSpec* spec = f.FindVariant(v);
      ASSERT_NE(spec, nullptr) << id << "/" << v;
      EXPECT_EQ(spec->backend, Backend::Cuda);
      EXPECT_NE(spec->cuda, nullptr) << id << "/" << v;
      EXPECT_NE(spec->kernel, nullptr) << id << "/" << v;
      EXPECT_EQ(spec->agreement, Agreement::Exact) << id << "/" << v;
    }
  }
}

// A CPU stage with one parameter set (test::ParamsFor splits at every ':', so "with=stage:N" is set here).
Stage CpuStage(const std::string& filter, const std::string& key = "", const ParamValue& value = 0.0) {
  Stage s = MakeStage(BuiltinRegistry(), filter, Backend::Cpu);
  if (!key.empty()) s.params.Set(key, value);
  return s;
}

TEST(PointOps, PipelineSecondInputFromAnEarlierStage) {
  // 1: T = threshold(src, 100); 2: I = invert(T); 3: sub(I, with=stage:1) = sat(255 - 2T); 4: absdiff(., source).
  Pipeline p;
  p.stages = {CpuStage("threshold", "t", 100.0), CpuStage("invert"), CpuStage("sub", "with", "stage:1"),
              CpuStage("absdiff", "with", "source")};
  for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Rgba8}) {
    const Image src = test::RandomImage(17, 13, format, 5);
    const CpuRun run = RunPipelineCpu(BuiltinRegistry(), p, src);
    ASSERT_EQ(run.outputs.size(), 4u);
    ExpectChannels(
        run.outputs[3],
        [&](std::size_t i, int y) {
          const int s = src.Row<std::uint8_t>(y)[i];
          const int t = s > 100 ? 255 : 0;
          const int sub = std::max(0, (255 - t) - t);
          return std::abs(sub - s);
        },
        "pipeline " + std::string(ToString(format)));
  }
}

TEST(PointOps, PipelineRejectsASecondInputThatIsNotEarlier) {
  Pipeline p;
  p.stages = {CpuStage("invert"), CpuStage("add", "with", "stage:2")};
  EXPECT_THROW(RunPipelineCpu(BuiltinRegistry(), p, test::RandomImage(4, 4, PixelFormat::Gray8, 1)), InputError);
}

}  // namespace
}  // namespace fl
