// The plan's fallbacks: a variant with no code for a stage's format, parameters or size runs its declared fallback in
// a pipeline, with a note and the fallback's own launch, scratch and defaults.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/plan.hpp"
#include "core/stage_spec.hpp"
#include "common/test_images.hpp"
#include "cpu/fake_registry.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

const Registry& Fake() { return test::FakeRegistry(); }

// A fallback may depend on the parameters and the image's size: gauss's default (tensor) on gray32f runs columns,
// or fast on large images up to radius 4 (filters/gauss_launch_rules.cpp says why), each with its own default launch
// for that radius.
TEST(Plan, TheFallbackFollowsTheRadiusAndTheSize) {
  const Registry& reg = BuiltinRegistry();
  const ImageShape small{64, 32, PixelFormat::Gray32f};
  for (int radius = 1; radius <= 8; ++radius) {
    Pipeline p;
    p.stages.push_back(ParseStageSpec(reg, "gauss:radius=" + std::to_string(radius), Backend::Cuda));
    const Plan plan = ResolvePipeline(reg, p, small, Backend::Cuda);
    ASSERT_TRUE(plan.ok()) << plan.issue->message;
    const PlannedStage& s = plan.stages[0];
    EXPECT_EQ(s.requested->id, "tensor");
    EXPECT_EQ(s.variant->id, "columns") << "radius " << radius;
    EXPECT_EQ(s.note, "tensor has no gray32f to gray32f code: runs columns");
    // columns' own rule: 128-thread blocks, strips of whole batches (11, 13, 15, 17 rows at radius 5..8) nearest
    // 128 rows, 512 at radius 8; its defaults below.
    const int strip_rows[] = {132, 130, 135, 510};
    if (radius >= 5)
      EXPECT_EQ(s.launch, (LaunchConfig{.block_x = 128, .block_y = 1, .ppt = strip_rows[radius - 5]}))
          << "radius " << radius;
    else
      EXPECT_EQ(std::pair(s.launch.block_x, s.launch.ppt), std::pair(256, 128)) << "radius " << radius;
  }
  // Large images: fast from 12 x 2^20 pixels up to radius 2, from 48 x 2^20 at radius 3 and 4; columns beyond.
  struct Case {
    ImageShape in;
    int radius;
    const char* runs;
  };
  const ImageShape k4{4096, 4096, PixelFormat::Gray32f}, k8{8192, 8192, PixelFormat::Gray32f};
  const ImageShape just_under{4096, 3071, PixelFormat::Gray32f}, just_at{4096, 3072, PixelFormat::Gray32f};
  const ImageShape under48{8192, 6143, PixelFormat::Gray32f}, at48{8192, 6144, PixelFormat::Gray32f};
  for (const Case& c : {Case{just_under, 2, "columns"}, Case{just_at, 2, "fast"}, Case{under48, 4, "columns"},
                        Case{at48, 3, "fast"}, Case{k4, 1, "fast"},
                        Case{k4, 3, "columns"}, Case{k4, 4, "columns"}, Case{k8, 3, "fast"}, Case{k8, 4, "fast"},
                        Case{k8, 5, "columns"}, Case{k8, 8, "columns"}}) {
    Pipeline p;
    p.stages.push_back(ParseStageSpec(reg, "gauss:radius=" + std::to_string(c.radius), Backend::Cuda));
    const Plan plan = ResolvePipeline(reg, p, c.in, Backend::Cuda);
    ASSERT_TRUE(plan.ok()) << plan.issue->message;
    const PlannedStage& s = plan.stages[0];
    EXPECT_EQ(s.variant->id, c.runs) << c.in.width << "x" << c.in.height << " radius " << c.radius;
    EXPECT_EQ(s.note, std::string("tensor has no gray32f to gray32f code: runs ") + c.runs);
    if (std::string(c.runs) == "fast") {  // fast's gray32f rule: 8 rows up to radius 3, 16 at 4
      EXPECT_EQ(std::pair(s.launch.block_x, s.launch.ppt), std::pair(32, c.radius <= 3 ? 8 : 16));
    }
  }
}

// The plan of a one-stage pipeline on the CUDA backend.
Plan PlanOneStage(const Registry& reg, const std::string& spec, const ImageShape& in) {
  Pipeline p;
  p.stages.push_back(ParseStageSpec(reg, spec, Backend::Cuda));
  return ResolvePipeline(reg, p, in, Backend::Cuda);
}

// A variant with no code for some parameters in a format (the fake `tiled` on rgba8 beyond radius 8) runs its
// declared fallback in a pipeline, with a note, so that a new stage's default works on every format; alone (tests,
// benchmark) it is refused.
TEST(Plan, FormatFallbackRunsTheDeclaredVariantWithANote) {
  const Registry& reg = Fake();
  Pipeline p;
  p.stages.push_back(ParseStageSpec(reg, "blur:variant=tiled:radius=12:block=32x4:ppt=2", Backend::Cuda));
  const ImageShape rgba{64, 32, PixelFormat::Rgba8};
  const Plan plan = ResolvePipeline(reg, p, rgba, Backend::Cuda);
  ASSERT_TRUE(plan.ok()) << plan.issue->message;
  const PlannedStage& s = plan.stages[0];
  EXPECT_EQ(s.requested->id, "tiled");
  EXPECT_EQ(s.variant->id, "naive");
  EXPECT_EQ(s.note, "variant 'tiled': tiled serves rgba8 up to radius 8, not 12: runs naive");
  EXPECT_EQ(s.launch, s.variant->defaults) << "the fallback runs with its own defaults";
  EXPECT_EQ(plan.pipeline.stages[0].launch.block_x, 32) << "the pipeline keeps the stage's own launch";
  // gray8: tiled itself; and rgba8 up to radius 8.
  EXPECT_EQ(ResolvePipeline(reg, p, {64, 32, PixelFormat::Gray8}, Backend::Cuda).stages[0].variant->id, "tiled");
  const Plan rgba_r8 = PlanOneStage(reg, "blur:variant=tiled:radius=8", rgba);
  ASSERT_TRUE(rgba_r8.ok()) << rgba_r8.issue->message;
  EXPECT_EQ(rgba_r8.stages[0].variant->id, "tiled");
  EXPECT_TRUE(rgba_r8.stages[0].note.empty());
  // On the CPU backend the CPU default (openmp, the reference's results) runs, whatever the fallback.
  EXPECT_EQ(ResolvePipeline(reg, p, rgba, Backend::Cpu).stages[0].variant->id, "openmp");
  // Alone, with no pipeline to keep working, the variant is refused with the reason.
  const FilterSpec& blur = reg.Get("blur");
  try {
    PlanVariant(blur, *blur.FindVariant("tiled"), p.stages[0].params, p.stages[0].launch, rgba, PortableCudaLimits());
    FAIL() << "planned blur/tiled on rgba8 at radius 12";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "blur variant 'tiled': tiled serves rgba8 up to radius 8, not 12");
  }
  // box fast has code for rgba8 at every radius it serves: it runs itself, with no note.
  const Registry& builtin = BuiltinRegistry();
  const Plan bp = PlanOneStage(builtin, "box:variant=fast:radius=16", rgba);
  ASSERT_TRUE(bp.ok()) << bp.issue->message;
  EXPECT_EQ(bp.stages[0].variant->id, "fast");
  EXPECT_TRUE(bp.stages[0].note.empty());
  // sobel fast writes gray8 only: output=gray32f runs ppt4.
  const Plan sp = PlanOneStage(builtin, "sobel:output=gray32f", {40, 30, PixelFormat::Gray8});
  ASSERT_TRUE(sp.ok()) << sp.issue->message;
  EXPECT_EQ(sp.stages[0].variant->id, "ppt4");
}


// The default variants stop at a radius (box fast at 16, gauss tensor at 8 on rgba8 (on gray8 at 32, the filter's
// largest), whose gray32f fallbacks fast and columns stop at 8): beyond it a pipeline runs a variant that serves it,
// with a note, instead of refusing the stage.
TEST(Plan, LargeRadiiRunAVariantThatServesThem) {
  const Registry& reg = BuiltinRegistry();
  const ImageShape gray{64, 32, PixelFormat::Gray8}, rgba{64, 32, PixelFormat::Rgba8};
  const ImageShape f32{64, 32, PixelFormat::Gray32f};
  struct Case {
    const char* spec;
    ImageShape in;
    const char* runs;
  };
  for (const Case& c : {Case{"box:radius=16", gray, "fast"}, Case{"box:radius=17", gray, "separable"},
                        Case{"box:radius=64", rgba, "separable"}, Case{"gauss:radius=8", gray, "tensor"},
                        Case{"gauss:radius=16", gray, "tensor"}, Case{"gauss:radius=32", gray, "tensor"},
                        Case{"gauss:radius=8", rgba, "tensor"}, Case{"gauss:radius=9", rgba, "separable_fused"},
                        Case{"gauss:radius=12", f32, "separable_fused"},
                        Case{"gauss:radius=32", rgba, "separable_fused"},
                        Case{"gauss:radius=2", f32, "columns"}, Case{"gauss:radius=8", f32, "columns"},
                        Case{"gauss:radius=32", f32, "separable_fused"}}) {
    SCOPED_TRACE(std::string(c.spec) + " " + std::string(ToString(c.in.format)));
    const Plan plan = PlanOneStage(reg, c.spec, c.in);
    ASSERT_TRUE(plan.ok()) << plan.issue->message;
    EXPECT_EQ(plan.stages[0].variant->id, c.runs);
  }
  EXPECT_EQ(PlanOneStage(reg, "gauss:radius=12", rgba).stages[0].note,
            "variant 'tensor': tensor serves radius 1..8 on rgba8 (its band matrices span at most 80 bytes of a row), "
            "not 12: runs separable_fused");
  EXPECT_EQ(PlanOneStage(reg, "box:radius=20", rgba).stages[0].note,
            "variant 'fast': fast serves radius 1..16 (gray8's apron is one 16-byte chunk on each side), not 20: runs "
            "separable");
  // Alone (tests, benchmark) the variant is refused with the reason.
  const FilterSpec& gauss = reg.Get("gauss");
  const VariantSpec& tensor = *gauss.FindVariant("tensor");
  EXPECT_THROW(PlanVariant(gauss, tensor, test::ParamsFor(gauss, "radius=9"), tensor.defaults, rgba,
                           PortableCudaLimits()),
               InputError);
  const FilterSpec& box = reg.Get("box");
  const VariantSpec& fast = *box.FindVariant("fast");
  EXPECT_THROW(PlanVariant(box, fast, test::ParamsFor(box, "radius=17"), fast.defaults, rgba, PortableCudaLimits()),
               InputError);
}

// The plan sizes the scratch a variant declares (the executor and the benchmark allocate exactly that), also for a
// variant that runs as a format fallback.
TEST(Plan, ScratchBytesComeFromTheVariantThatRuns) {
  const Registry& reg = BuiltinRegistry();
  const FilterSpec& box = reg.Get("box");
  const VariantSpec& separable = *box.FindVariant("separable");
  const ImageShape gray{17, 13, PixelFormat::Gray8};
  const PlannedStage s = PlanVariant(box, separable, test::ParamsFor(box, "radius=5"), separable.defaults, gray,
                                     PortableCudaLimits());
  EXPECT_GT(s.scratch_bytes, 0u);
  EXPECT_EQ(s.scratch_bytes, separable.scratch_bytes(gray, s.params));
  Pipeline p;
  p.stages.push_back(ParseStageSpec(reg, "box:radius=5", Backend::Cuda));  // fast: no scratch
  EXPECT_EQ(ResolvePipeline(reg, p, gray, Backend::Cuda).stages[0].scratch_bytes, 0u);
  // A fallback's scratch: the fake tiled (none) on rgba8 at radius 12 runs naive, which keeps some.
  Pipeline blur;
  blur.stages.push_back(ParseStageSpec(Fake(), "blur:variant=tiled:radius=12", Backend::Cuda));
  const ImageShape rgba{17, 13, PixelFormat::Rgba8};
  const Plan fallback = ResolvePipeline(Fake(), blur, rgba, Backend::Cuda);
  ASSERT_TRUE(fallback.ok()) << fallback.issue->message;
  ASSERT_EQ(fallback.stages[0].variant->id, "naive");
  EXPECT_EQ(fallback.stages[0].scratch_bytes, 17u * 4u * 13u * 4u);
  EXPECT_EQ(ResolvePipeline(Fake(), blur, rgba, Backend::Cpu).stages[0].scratch_bytes, 0u) << "CPU code: no scratch";
}

}  // namespace
}  // namespace fl
