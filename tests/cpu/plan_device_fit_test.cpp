// Default launches fitted to the device's shared memory: a block the person did not set, whose shared memory is more
// than the device gives one block (a desktop GPU's 99 KiB against an H100's 227), runs half as tall until it fits,
// with a note; a block the person set is refused by name. The H100's defaults stay as the registry declares them.
#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"
#include "core/plan.hpp"
#include "core/stage_spec.hpp"
#include "core/tune_session.hpp"
#include "common/test_images.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

// What compute capability 8.6, 8.9 and 12.0 give one block when opted in.
DeviceLimits DesktopGpu() {
  DeviceLimits l = PortableCudaLimits();
  l.name = "a 99 KiB GPU";
  l.max_smem_per_block_optin = 99 * 1024;
  return l;
}

Plan PlanOne(const std::string& spec, const ImageShape& in, const DeviceLimits* limits) {
  const Registry& reg = BuiltinRegistry();
  Pipeline p;
  p.stages.push_back(ParseStageSpec(reg, spec, Backend::Cuda));
  return ResolvePipeline(reg, p, in, Backend::Cuda, limits);
}

// rgba8 gauss beyond tensor's radius 8 runs separable_fused, whose 32x8 tiles take 114.5 KiB at radius 32.
TEST(PlanDeviceFit, ADefaultBlockTooLargeForTheDeviceRunsShorter) {
  const ImageShape in{640, 480, PixelFormat::Rgba8};
  const Plan h100 = PlanOne("gauss:radius=32:sigma=10", in, nullptr);
  ASSERT_TRUE(h100.ok()) << h100.issue->message;
  EXPECT_EQ(h100.stages[0].variant->id, "separable_fused");
  EXPECT_EQ(h100.stages[0].launch.block_y, 8) << "where it fits, the registry's default";
  const DeviceLimits desktop = DesktopGpu();
  const Plan small = PlanOne("gauss:radius=32:sigma=10", in, &desktop);
  ASSERT_TRUE(small.ok()) << small.issue->message;
  const PlannedStage& s = small.stages[0];
  EXPECT_EQ(s.variant->id, "separable_fused");
  EXPECT_EQ(s.launch.block_y, 4);
  EXPECT_LE(s.smem_bytes, desktop.max_smem_per_block_optin);
  EXPECT_NE(s.note.find("runs separable_fused"), std::string::npos) << s.note;
  const std::string fitted =
      "block 32x4: the default block 32x8 needs 117248 bytes of shared memory, more than a 99 KiB GPU";
  EXPECT_NE(s.note.find(fitted), std::string::npos)
      << s.note;
}

TEST(PlanDeviceFit, ABlockThePersonSetIsRefusedByName) {
  const DeviceLimits desktop = DesktopGpu();
  const Plan plan = PlanOne("gauss:variant=separable_fused:radius=32:sigma=10:block=32x8",
                            {640, 480, PixelFormat::Rgba8}, &desktop);
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.issue->message.find("shared memory 117248 bytes > 101376 per block"), std::string::npos)
      << plan.issue->message;
  const Plan shorter = PlanOne("gauss:variant=separable_fused:radius=32:sigma=10:block=32x4",
                               {640, 480, PixelFormat::Rgba8}, &desktop);
  EXPECT_TRUE(shorter.ok()) << shorter.issue->message;
}

// A launch given whole (the bench's variants, PlanVariant) is checked as it is, never fitted.
TEST(PlanDeviceFit, ALaunchGivenWholeIsNotFitted) {
  const Registry& reg = BuiltinRegistry();
  const FilterSpec& gauss = reg.Get("gauss");
  const VariantSpec& fused = *gauss.FindVariant("separable_fused");
  const ParamValues p = ParseStageSpec(reg, "gauss:radius=32:sigma=10", Backend::Cuda).params;
  const ImageShape in{640, 480, PixelFormat::Rgba8};
  EXPECT_THROW(PlanVariant(gauss, fused, p, DefaultLaunch(fused, p, in), in, DesktopGpu()), InputError);
  EXPECT_EQ(PlanVariant(gauss, fused, p, DefaultLaunch(fused, p, in), in, PortableCudaLimits()).launch.block_y, 8);
}

// The launch the plan gives a stage, outside a plan: the tuner starts from it, the editor and the tune window show it,
// the benchmark runs the other variants with it. Fitted like the plan's, and only where the person left the block.
TEST(PlanDeviceFit, TheDeviceLaunchIsThePlansLaunch) {
  const Registry& reg = BuiltinRegistry();
  const VariantSpec& fused = *reg.Get("gauss").FindVariant("separable_fused");
  const ImageShape in{640, 480, PixelFormat::Rgba8};
  const DeviceLimits desktop = DesktopGpu();
  const Stage st = ParseStageSpec(reg, "gauss:variant=separable_fused:radius=32:sigma=10", Backend::Cuda);
  const Plan plan = PlanOne("gauss:variant=separable_fused:radius=32:sigma=10", in, &desktop);
  ASSERT_TRUE(plan.ok()) << plan.issue->message;
  EXPECT_EQ(DeviceStageLaunch(st, fused, in, desktop), plan.stages[0].launch);
  EXPECT_EQ(DeviceStageLaunch(st, fused, in, desktop).block_y, 4);
  EXPECT_EQ(DeviceStageLaunch(st, fused, in, PortableCudaLimits()).block_y, 8);
  EXPECT_EQ(DeviceDefaultLaunch(fused, st.params, in, desktop).block_y, 4);
  EXPECT_EQ(DeviceDefaultLaunch(fused, st.params, in, PortableCudaLimits()), DefaultLaunch(fused, st.params, in));
  EXPECT_FALSE(FittedBlock(fused, st.params, in.format, DefaultLaunch(fused, st.params, in), PortableCudaLimits()));
  const Stage set = ParseStageSpec(reg, "gauss:variant=separable_fused:radius=32:sigma=10:block=32x8", Backend::Cuda);
  EXPECT_EQ(DeviceStageLaunch(set, fused, in, desktop).block_y, 8) << "a block the person set is theirs";
  // A block no halving can fit (one row already) stays as it is, for the launch check to refuse by name.
  LaunchConfig one_row = DefaultLaunch(fused, st.params, in);
  one_row.block_y = 1;
  DeviceLimits tiny = desktop;
  tiny.max_smem_per_block_optin = 1024;
  EXPECT_FALSE(FittedBlock(fused, st.params, in.format, one_row, tiny));
}

// The tuner's sweep starts at the fitted block: its cell is the stage's current launch, and it runs.
TEST(PlanDeviceFit, TheTunerStartsFromTheFittedBlock) {
  const Registry& reg = BuiltinRegistry();
  const DeviceLimits desktop = DesktopGpu();
  const Stage st = ParseStageSpec(reg, "gauss:variant=separable_fused:radius=32:sigma=10", Backend::Cuda);
  const TuneRequest r = MakeTuneRequest(reg, st, {640, 480, PixelFormat::Rgba8}, desktop);
  EXPECT_EQ(r.base.block_y, 4);
  const TuneSession session(r);
  const int base = session.sweep().Find(r.base);
  ASSERT_GE(base, 0);
  EXPECT_TRUE(session.sweep().cells[static_cast<std::size_t>(base)].refused.empty())
      << session.sweep().cells[static_cast<std::size_t>(base)].refused;
  Stage disabled = st;
  disabled.enabled = false;
  EXPECT_EQ(MakeTuneRequest(reg, disabled, {640, 480, PixelFormat::Rgba8}, desktop).base, r.base);
}

// A stage whose variant has no code for its input runs a fallback: tuning the variant it names would time nothing,
// so the tuner names the one that runs.
TEST(PlanDeviceFit, TheTunerNamesTheFallbackThatRuns) {
  const Registry& reg = BuiltinRegistry();
  const Stage st = ParseStageSpec(reg, "gauss:variant=tensor:radius=32:sigma=10", Backend::Cuda);
  try {
    MakeTuneRequest(reg, st, {640, 480, PixelFormat::Rgba8}, DesktopGpu());
    ADD_FAILURE() << "tensor has no rgba8 code beyond radius 8: nothing of it to tune";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("choose separable_fused to tune it"), std::string::npos) << e.what();
  }
}

// A disabled stage is not planned, yet shows its launch: the one it would run.
TEST(PlanDeviceFit, ADisabledStageShowsTheFittedBlock) {
  const Registry& reg = BuiltinRegistry();
  Pipeline p;
  p.stages.push_back(ParseStageSpec(reg, "gauss:variant=separable_fused:radius=32:sigma=10", Backend::Cuda));
  p.stages[0].enabled = false;
  const DeviceLimits desktop = DesktopGpu();
  const Plan plan = ResolvePipeline(reg, p, {640, 480, PixelFormat::Rgba8}, Backend::Cuda, &desktop);
  ASSERT_TRUE(plan.ok()) << plan.issue->message;
  EXPECT_EQ(plan.stages[0].launch.block_y, 4);
}

// bench --variants all: the variant the plan picked runs the plan's launch, every other its own default, fitted.
TEST(PlanDeviceFit, EachBenchedVariantRunsItsFittedLaunch) {
  const Registry& reg = BuiltinRegistry();
  const VariantSpec& fused = *reg.Get("gauss").FindVariant("separable_fused");
  const DeviceLimits desktop = DesktopGpu();
  const ImageShape in{640, 480, PixelFormat::Rgba8};
  const Plan plan = PlanOne("gauss:variant=tensor:radius=32:sigma=10", in, &desktop);
  ASSERT_TRUE(plan.ok()) << plan.issue->message;
  const PlannedStage& picked = plan.stages[0];
  ASSERT_EQ(picked.variant, &fused) << "tensor falls back beyond radius 8 on rgba8";
  EXPECT_EQ(VariantLaunchFor(picked, fused, desktop), picked.launch);
  const Plan direct = PlanOne("gauss:variant=direct_global:radius=32:sigma=10", in, &desktop);
  ASSERT_TRUE(direct.ok()) << direct.issue->message;
  ASSERT_NE(direct.stages[0].variant, &fused);
  EXPECT_EQ(VariantLaunchFor(direct.stages[0], fused, desktop).block_y, 4) << "another variant, fitted";
  EXPECT_EQ(VariantLaunchFor(direct.stages[0], fused, PortableCudaLimits()).block_y, 8);
}

// Every chain of one default stage that plans against the largest limits plans on a 99 KiB GPU too: each filter, its
// test and bench cases, each format it accepts, a small and a large image.
TEST(PlanDeviceFit, EveryDefaultStageThatPlansAnywherePlansOnADesktopGpu) {
  const Registry& reg = BuiltinRegistry();
  const DeviceLimits desktop = DesktopGpu();
  int planned = 0;
  for (const FilterSpec& f : reg.filters()) {
    std::vector<std::string> cases = {""};
    cases.insert(cases.end(), f.test_cases.begin(), f.test_cases.end());
    cases.insert(cases.end(), f.bench_cases.begin(), f.bench_cases.end());
    for (const std::string& c : cases)
      for (PixelFormat fmt : f.accepts)
        for (const ImageShape in : {ImageShape{64, 48, fmt}, test::LargeImage(fmt)}) {
          const std::string spec = f.id + (c.empty() ? "" : ":" + c);
          if (!PlanOne(spec, in, nullptr).ok()) continue;
          ++planned;
          const Plan plan = PlanOne(spec, in, &desktop);
          EXPECT_TRUE(plan.ok()) << spec << " " << ToString(fmt) << " " << in.width << ": " << plan.issue->message;
          // Outside a plan (editor, tune window, tuner) the stage's own variant shows the launch the plan runs.
          if (plan.ok() && !plan.stages[0].fell_back() && plan.stages[0].runs_cuda())
            EXPECT_EQ(DeviceStageLaunch(plan.pipeline.stages[0], *plan.stages[0].variant, in, desktop),
                      plan.stages[0].launch)
                << spec << " " << ToString(fmt);
        }
  }
  EXPECT_GT(planned, 0);
}

}  // namespace
}  // namespace fl
