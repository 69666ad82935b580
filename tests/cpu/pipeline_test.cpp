// The pipeline model: stages made from the registry, the checks ResolvePipeline makes (each error naming its
// stage), formats and shapes flowing between stages, second inputs, disabled stages, and the CPU executor.
#include <gtest/gtest.h>

#include <atomic>

#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/pipeline.hpp"
#include "fake_registry.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

const Registry& Fake() { return test::FakeRegistry(); }
const ImageShape kGray{8, 6, PixelFormat::Gray8};

Pipeline Chain(std::initializer_list<const char*> filters, Backend backend = Backend::Cpu) {
  Pipeline p;
  for (const char* f : filters) p.stages.push_back(MakeStage(Fake(), f, backend));
  return p;
}

std::string ResolveError(const Pipeline& p, const ImageShape& in = kGray, Backend backend = Backend::Cpu) {
  const Plan plan = ResolvePipeline(Fake(), p, in, backend);
  return plan.issue ? plan.issue->message : "<accepted>";
}

TEST(Pipeline, MakeStageTakesTheFiltersDefaults) {
  const Stage cuda = MakeStage(Fake(), "blur", Backend::Cuda);
  EXPECT_EQ(cuda.variant, "tiled") << "the default CUDA variant skips deliberately wrong ones";
  EXPECT_EQ(cuda.launch, (LaunchConfig{16, 16, 2, true, 2}));
  EXPECT_EQ(cuda.params, DefaultParams(Fake().Get("blur").params));
  EXPECT_EQ(MakeStage(Fake(), "blur", Backend::Cpu).variant, "openmp");
  EXPECT_THROW(MakeStage(Fake(), "nope", Backend::Cpu), InputError);
}

TEST(Pipeline, SetVariantTakesItsLaunchDefaults) {
  Stage s = MakeStage(Fake(), "blur", Backend::Cuda);
  s.launch.block_x = 128;
  SetVariant(Fake(), s, "naive");
  EXPECT_EQ(s.variant, "naive");
  EXPECT_EQ(s.launch, LaunchConfig{});
  EXPECT_THROW(SetVariant(Fake(), s, "fastest"), InputError);
  EXPECT_EQ(s.variant, "naive");
}

TEST(Pipeline, StageLabel) {
  const Pipeline p = Chain({"blur", "threshold"});
  EXPECT_EQ(StageLabel(p, 0), "stage 1 (blur)");
  EXPECT_EQ(StageLabel(p, 1), "stage 2 (threshold)");
  EXPECT_EQ(StageLabel(p, 5), "stage 6 (?)");
}

TEST(Pipeline, ShapesAndFormatsFlowThroughTheStages) {
  const Pipeline p = Chain({"threshold", "shrink", "tofloat", "blur"});
  const auto r = ResolvePipeline(Fake(), p, kGray, Backend::Cpu).stages;
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(r[0].in, kGray);
  EXPECT_EQ(r[1].out, (ImageShape{4, 3, PixelFormat::Gray8}));
  EXPECT_EQ(r[2].out, (ImageShape{4, 3, PixelFormat::Gray32f}));
  EXPECT_EQ(r[3].in, r[2].out);
  EXPECT_EQ(r[3].out, r[2].out);
  EXPECT_EQ(r[3].filter->id, "blur");
  EXPECT_EQ(r[3].variant->id, "openmp");
  for (const auto& s : r) EXPECT_EQ(s.second, kNoSecondInput);
  EXPECT_TRUE(ResolvePipeline(Fake(), Pipeline{}, kGray, Backend::Cpu).stages.empty());
}

TEST(Pipeline, FormatMismatchNamesTheStage) {
  EXPECT_EQ(ResolveError(Chain({"blur", "tofloat", "threshold"})), "stage 3 (threshold): accepts gray8, got gray32f");
  EXPECT_EQ(ResolveError(Chain({"threshold"}), {4, 4, PixelFormat::Rgba8}),
            "stage 1 (threshold): accepts gray8, got rgba8");
}

TEST(Pipeline, VariantFormatRestrictionNamesTheVariant) {
  EXPECT_EQ(ResolveError(Chain({"tofloat", "blur"}, Backend::Cuda), kGray, Backend::Cuda),
            "stage 2 (blur): variant 'tiled' accepts gray8, rgba8, got gray32f");
  Pipeline p = Chain({"tofloat", "blur"}, Backend::Cuda);
  SetVariant(Fake(), p.stages[1], "naive");  // naive takes every format the filter accepts
  EXPECT_EQ(ResolveError(p, kGray, Backend::Cuda), "<accepted>");
}

TEST(Pipeline, UnknownFilterOrVariantNamesTheStage) {
  Pipeline p = Chain({"blur", "blur"});
  p.stages[1].filter = "sharpen";
  EXPECT_EQ(ResolveError(p).rfind("stage 2 (sharpen): unknown filter 'sharpen'", 0), 0u) << ResolveError(p);
  p = Chain({"blur"});
  p.stages[0].variant = "magic";
  EXPECT_EQ(ResolveError(p).rfind("stage 1 (blur): filter 'blur' has no variant 'magic'", 0), 0u);
}

TEST(Pipeline, CpuVariantOnTheCudaBackendIsRefused) {
  EXPECT_EQ(ResolveError(Chain({"blur"}, Backend::Cpu), kGray, Backend::Cuda),
            "stage 1 (blur): variant 'openmp' runs on the cpu backend, not cuda");
}

TEST(Pipeline, ParameterProblemsNameTheStage) {
  Pipeline p = Chain({"threshold", "blur"});
  p.stages[1].params.Set("radius", 17.0);
  EXPECT_EQ(ResolveError(p), "stage 2 (blur): parameter 'radius' = 17 is out of range [0, 16]");
  p = Chain({"blur"});
  p.stages[0].params = ParamValues{};
  EXPECT_EQ(ResolveError(p), "stage 1 (blur): parameter 'radius' is not set");
  p = Chain({"blur"});
  p.stages[0].params.Set("size", 3.0);
  EXPECT_EQ(ResolveError(p), "stage 1 (blur): unknown parameter 'size'");
  p = Chain({"blur"});
  p.stages[0].params.Set("mode", 1.0);
  EXPECT_EQ(ResolveError(p), "stage 1 (blur): parameter 'mode' expects text");
}

TEST(Pipeline, OutputShapeRefusalNamesTheStage) {
  EXPECT_EQ(ResolveError(Chain({"blur", "shrink"}), {1, 5, PixelFormat::Gray8}),
            "stage 2 (shrink): shrink needs an input of at least 2x2");
  EXPECT_EQ(ResolveError(Chain({"shrink", "shrink"}), {3, 3, PixelFormat::Gray8}),
            "stage 2 (shrink): shrink needs an input of at least 2x2");
}

TEST(Pipeline, DisabledStagesPassTheirInputThrough) {
  Pipeline p = Chain({"tofloat", "threshold", "blur"});
  EXPECT_NE(ResolveError(p), "<accepted>");
  p.stages[1].enabled = false;  // a gray8-only stage after a gray32f producer is fine when disabled
  const auto r = ResolvePipeline(Fake(), p, kGray, Backend::Cpu).stages;
  EXPECT_FALSE(r[1].enabled);
  EXPECT_EQ(r[1].in, r[0].out);
  EXPECT_EQ(r[1].out, r[0].out);
  EXPECT_EQ(r[2].out.format, PixelFormat::Gray32f);
  // Nothing about a disabled stage is checked but its filter and variant: it may hold any values.
  p.stages[1].params.Set("level", 1000.0);
  p.stages[1].variant = "naive";
  EXPECT_EQ(ResolveError(p), "<accepted>");
  p.stages[1].variant = "magic";
  EXPECT_NE(ResolveError(p), "<accepted>");
}

TEST(Pipeline, SecondInputs) {
  Pipeline p = Chain({"blur", "threshold", "mix"});
  auto r = ResolvePipeline(Fake(), p, kGray, Backend::Cpu).stages;
  EXPECT_EQ(r[2].second, 0);  // with=source
  p.stages[2].params.Set("with", std::string("stage:1"));
  r = ResolvePipeline(Fake(), p, kGray, Backend::Cpu).stages;
  EXPECT_EQ(r[2].second, 1);
  p.stages[2].params.Set("with", std::string("stage:2"));
  EXPECT_EQ(ResolvePipeline(Fake(), p, kGray, Backend::Cpu).stages[2].second, 2);
}

TEST(Pipeline, SecondInputMustBeAnEarlierStage) {
  Pipeline p = Chain({"blur", "mix", "blur"});
  p.stages[1].params.Set("with", std::string("stage:2"));
  EXPECT_EQ(ResolveError(p), "stage 2 (mix): with=stage:2 must name an earlier stage (1..1)");
  p.stages[1].params.Set("with", std::string("stage:3"));
  EXPECT_EQ(ResolveError(p), "stage 2 (mix): with=stage:3 must name an earlier stage (1..1)");
  p = Chain({"mix"});
  p.stages[0].params.Set("with", std::string("stage:1"));
  EXPECT_EQ(ResolveError(p),
            "stage 1 (mix): with=stage:1: the first stage has no earlier stage (use with=source)");
  p.stages[0].params.Set("with", std::string("stage:N"));
  EXPECT_EQ(ResolveError(p), "stage 1 (mix): parameter 'with' = 'stage:N' is not one of: source, stage:N");
}

TEST(Pipeline, SecondInputMustMatchTheFirst) {
  Pipeline p = Chain({"shrink", "mix"});
  EXPECT_EQ(ResolveError(p), "stage 2 (mix): its second input is 8x6 gray8, its first 4x3 gray8");
  p = Chain({"tofloat", "mix"});
  EXPECT_EQ(ResolveError(p), "stage 2 (mix): its second input is 8x6 gray8, its first 8x6 gray32f");
  p.stages[1].params.Set("with", std::string("stage:1"));
  EXPECT_EQ(ResolveError(p), "<accepted>");
}

TEST(CpuExecutor, RunsEveryStageAndKeepsEachOutput) {
  const Image input = test::RandomImage(8, 6, PixelFormat::Gray8, 1);
  Pipeline p = Chain({"threshold", "blur", "mix", "shrink"});
  p.stages[0].params.Set("level", 100.0);
  p.stages[2].params.Set("with", std::string("source"));
  const CpuRun run = RunPipelineCpu(Fake(), p, input);
  ASSERT_EQ(run.outputs.size(), 4u);
  ASSERT_EQ(run.stage_ms.size(), 4u);
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 8; ++x) {
      const int in = input.Row<std::uint8_t>(y)[x];
      const int thresholded = in >= 100 ? 255 : 0;
      EXPECT_EQ(run.outputs[0].Row<std::uint8_t>(y)[x], thresholded);
      EXPECT_EQ(run.outputs[1].Row<std::uint8_t>(y)[x], thresholded);
      EXPECT_EQ(run.outputs[2].Row<std::uint8_t>(y)[x], (thresholded + in) / 2);
    }
  EXPECT_EQ(run.outputs[3].shape(), (ImageShape{4, 3, PixelFormat::Gray8}));
  EXPECT_EQ(run.outputs[3].Row<std::uint8_t>(1)[2], run.outputs[2].Row<std::uint8_t>(2)[4]);
  for (double ms : run.stage_ms) EXPECT_GE(ms, 0.0);
}

TEST(CpuExecutor, SecondInputFromAStage) {
  const Image input = test::RandomImage(5, 4, PixelFormat::Gray32f, 2);
  Pipeline p = Chain({"blur", "shrink", "mix"});
  p.stages[2].params.Set("with", std::string("stage:2"));
  const CpuRun run = RunPipelineCpu(Fake(), p, input);
  // mix of stage 2's output with itself is stage 2's output.
  EXPECT_EQ(test::Compare(run.outputs[2], run.outputs[1]).count, 0u);
}

TEST(CpuExecutor, DisabledStageOutputIsItsInput) {
  const Image input = test::RandomImage(6, 4, PixelFormat::Gray8, 3);
  Pipeline p = Chain({"shrink", "threshold", "blur"});
  p.stages[1].enabled = false;
  const CpuRun run = RunPipelineCpu(Fake(), p, input);
  EXPECT_EQ(run.outputs[1], run.outputs[0]);
  EXPECT_EQ(run.outputs[2], run.outputs[0]);
  EXPECT_EQ(run.stage_ms[1], 0.0);
}

TEST(CpuExecutor, RefusesBeforeRunningAnything) {
  const Image input = test::RandomImage(6, 4, PixelFormat::Rgba8, 4);
  EXPECT_THROW(RunPipelineCpu(Fake(), Chain({"blur", "threshold"}), input), InputError);
}

TEST(CpuExecutor, Cancel) {
  const Image input = test::RandomImage(6, 4, PixelFormat::Gray8, 5);
  std::atomic<bool> cancel{true};
  try {
    RunPipelineCpu(Fake(), Chain({"blur"}), input, &cancel);
    FAIL() << "not cancelled";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "cancelled");
  }
  cancel = false;
  EXPECT_EQ(RunPipelineCpu(Fake(), Chain({"blur"}), input, &cancel).outputs.size(), 1u);
}

TEST(CpuExecutor, RunCpuVariantRefusesCudaVariants) {
  const FilterSpec& f = Fake().Get("blur");
  const Image input = test::RandomImage(2, 2, PixelFormat::Gray8, 6);
  EXPECT_THROW(RunCpuVariant(f, *f.FindVariant("naive"), DefaultParams(f.params), input), InputError);
}

// The built-in registry: every filter, as a one-stage pipeline with its defaults, resolves on both backends for
// every format it accepts, and the CPU pipeline equals the reference variant.
TEST(BuiltinPipeline, EveryFilterResolvesAndRunsWithItsDefaults) {
  const Registry& reg = BuiltinRegistry();
  for (const FilterSpec& f : reg.filters())
    for (PixelFormat fmt : f.accepts) {
      SCOPED_TRACE(f.id + " " + std::string(ToString(fmt)));
      const Image input = test::RandomImage(17, 13, fmt, 7);
      for (Backend b : {Backend::Cpu, Backend::Cuda}) {
        Pipeline p;
        p.stages.push_back(MakeStage(reg, f.id, b));
        if (f.VariantAccepts(*f.FindVariant(p.stages[0].variant), fmt)) {
          EXPECT_NO_THROW(ResolvePipeline(reg, p, input.shape(), b));
        }
      }
      Pipeline p;
      p.stages.push_back(MakeStage(reg, f.id, Backend::Cpu));
      SetVariant(reg, p.stages[0], "reference");
      const CpuRun run = RunPipelineCpu(reg, p, input);
      const Image* second = f.inputs == 2 ? &input : nullptr;  // default with=source
      EXPECT_EQ(run.outputs[0], RunCpuVariant(f, f.Reference(), p.stages[0].params, input, second));
    }
}

}  // namespace
}  // namespace fl
