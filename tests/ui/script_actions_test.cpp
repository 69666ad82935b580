// A script's actions carried out on the AppState (app/ui/script_actions.cpp): each edits the pipeline or asks
// for what the matching click asks for; an action on nothing (no such stage, filter, variant, parameter or
// view, a value that is not a number) is refused with a reason and changes nothing. Values out of range are
// taken as typed: the plan refuses them when the lab runs (tests/ui/script_run_test.cpp sees that).
#include "app/ui/script_actions.hpp"

#include <gtest/gtest.h>

#include "app/ui/pipeline_edits.hpp"
#include "core/plan.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::ui {
namespace {

class ScriptActions : public ::testing::Test {
 protected:
  void SetUp() override {
    s.registry = &BuiltinRegistry();
    s.backend = Backend::Cpu;
    s.pipeline = DefaultPipeline(*s.registry, s.backend);  // gray, gauss3
    s.selected_stage = 1;
    s.pipeline_edited = false;
  }
  // Carries out one line; returns the refusal ("" when taken).
  std::string Do(const std::string& line) {
    const Script script = ParseScript(line + "\n", "test.txt");
    return ApplyScriptAction(s, script.actions.at(0));
  }
  std::vector<std::string> Filters() const {
    std::vector<std::string> out;
    for (const Stage& st : s.pipeline.stages) out.push_back(st.filter);
    return out;
  }
  // A refused action leaves everything as it was.
  void ExpectRefused(const std::string& line, const std::string& reason) {
    SCOPED_TRACE(line);
    const Pipeline before = s.pipeline, b_before = s.ab.b;
    const int selected = s.selected_stage;
    const bool edited = s.pipeline_edited;
    EXPECT_NE(Do(line).find(reason), std::string::npos) << Do(line);
    EXPECT_EQ(s.pipeline, before);
    EXPECT_EQ(s.ab.b, b_before);
    EXPECT_EQ(s.selected_stage, selected);
    EXPECT_EQ(s.pipeline_edited, edited);
  }
  AppState s;
};

TEST_F(ScriptActions, ChainEditsAreThePanelsEdits) {
  EXPECT_EQ(Do("add gauss"), "");
  EXPECT_EQ(Filters(), (std::vector<std::string>{"gray", "gauss3", "gauss"}));
  EXPECT_EQ(s.selected_stage, 2);
  EXPECT_TRUE(s.pipeline_edited);
  EXPECT_EQ(Do("move 3 1"), "");
  EXPECT_EQ(Filters(), (std::vector<std::string>{"gauss", "gray", "gauss3"}));
  EXPECT_EQ(s.selected_stage, 0);  // the selection moves with its stage
  EXPECT_EQ(Do("disable 2"), "");
  EXPECT_FALSE(s.pipeline.stages[1].enabled);
  EXPECT_EQ(Do("enable 2"), "");
  EXPECT_TRUE(s.pipeline.stages[1].enabled);
  EXPECT_EQ(Do("remove 1"), "");
  EXPECT_EQ(Filters(), (std::vector<std::string>{"gray", "gauss3"}));
  EXPECT_EQ(Do("select 2"), "");
  EXPECT_EQ(s.selected_stage, 1);
  EXPECT_EQ(s.show_stage, 1);
  EXPECT_EQ(Do("select 0"), "");
  EXPECT_EQ(s.show_stage, kShowInput);
  EXPECT_EQ(Do("reset"), "");
  EXPECT_TRUE(s.requests.reset_pipeline);
}

TEST_F(ScriptActions, ActionsOnNothingAreRefusedAndChangeNothing) {
  ExpectRefused("add nosuch", "no filter 'nosuch'");
  ExpectRefused("remove 3", "no stage 3 (the pipeline has 2)");
  ExpectRefused("remove 0", "no stage 0");
  ExpectRefused("move 1 9", "no stage 9");
  ExpectRefused("enable 7", "no stage 7");
  ExpectRefused("select 5", "no stage 5");
  ExpectRefused("param 2 radius 4", "filter gauss3 has no parameter 'radius'");
  ExpectRefused("variant 2 nosuch", "has no variant 'nosuch'");
  ExpectRefused("block 4 32x8", "no stage 4");
  ExpectRefused("view sideways", "no view 'sideways'");
  ExpectRefused("edit b", "compare is off");
  ExpectRefused("pattern nosuch 64x64", "unknown pattern 'nosuch'");
  ExpectRefused("pattern noise 0x64", "each side must be");
  ASSERT_EQ(Do("add gauss"), "");
  s.pipeline_edited = false;
  ExpectRefused("param 3 radius abc", "parameter radius: 'abc' is not a number");
  ExpectRefused("param 3 radius 4x", "is not a number");
}

TEST_F(ScriptActions, ValuesGoWhereTheStageEditorPutsThem) {
  ASSERT_EQ(Do("add gauss"), "");
  EXPECT_EQ(Do("param 3 radius 6"), "");
  EXPECT_EQ(s.pipeline.stages[2].params.Number("radius"), 6);
  EXPECT_EQ(Do("param 3 radius 999"), "");  // out of range: the plan refuses it, as for a typed value
  EXPECT_EQ(s.pipeline.stages[2].params.Number("radius"), 999);
  EXPECT_EQ(Do("variant 3 separable"), "");
  EXPECT_EQ(s.pipeline.stages[2].variant, "separable");
  EXPECT_EQ(Do("block 3 64x2"), "");
  EXPECT_EQ(s.pipeline.stages[2].launch.block_x, 64);
  EXPECT_EQ(s.pipeline.stages[2].launch.block_y, 2);
  EXPECT_EQ(Do("ppt 3 8"), "");
  EXPECT_EQ(s.pipeline.stages[2].launch.ppt, 8);
  EXPECT_EQ(Do("halo 3 3"), "");
  EXPECT_EQ(s.pipeline.stages[2].launch.halo, 3);
  EXPECT_EQ(Do("smem 3 off"), "");
  EXPECT_FALSE(s.pipeline.stages[2].launch.smem);
  EXPECT_TRUE(s.pipeline_edited);
}

// A launch field set by script (as by the editor) stays; the fields not set keep following the variant's rule
// for the stage's parameters (box fast: ppt 32 at radius 3 (the default) and 4, 24 from 5, 16 up to 2).
TEST_F(ScriptActions, ALaunchFieldSetStaysAndTheOthersFollowTheRadius) {
  s.backend = Backend::Cuda;
  s.pipeline = DefaultPipeline(*s.registry, s.backend);  // planned for CUDA (no device needed to plan)
  ASSERT_EQ(Do("add box"), "");
  ASSERT_EQ(Do("variant 3 fast"), "");
  EXPECT_EQ(s.pipeline.stages[2].launch_set, 0u);
  const ImageShape in{4096, 2048, PixelFormat::Rgba8};  // large: small gray8 images take 16 rows at radius 3 and 4
  auto planned = [&] {
    const Plan plan = ResolvePipeline(*s.registry, s.pipeline, in, Backend::Cuda);
    EXPECT_TRUE(plan.ok()) << plan.issue->message;
    return plan.ok() ? plan.stages[2].launch : LaunchConfig{};
  };
  EXPECT_EQ(planned().ppt, 32);
  ASSERT_EQ(Do("param 3 radius 5"), "");
  EXPECT_EQ(planned().ppt, 24);
  ASSERT_EQ(Do("param 3 radius 2"), "");
  EXPECT_EQ(planned().ppt, 16) << "the default follows the radius";
  ASSERT_EQ(Do("block 3 64x2"), "");
  EXPECT_EQ(s.pipeline.stages[2].launch_set, kSetBlock);
  EXPECT_EQ(planned().ppt, 16) << "a block set leaves ppt to the rule";
  EXPECT_EQ(planned().block_x, 64);
  ASSERT_EQ(Do("ppt 3 10"), "");
  ASSERT_EQ(Do("param 3 radius 16"), "");
  EXPECT_EQ(planned().ppt, 10) << "a ppt set stays whatever the radius";
  EXPECT_EQ(planned().block_y, 2);
}

// Before the first run the stage editor shows the launch the variant's rule will pick for the format the stage
// will see, not the stored defaults: fast 3x3 dilation takes 8 rows per thread on rgba8, 16 on gray8.
TEST_F(ScriptActions, TheEditorShowsTheRulesLaunchBeforeTheFirstRun) {
  s.backend = Backend::Cuda;
  s.pipeline.stages = {MakeStage(*s.registry, "dilate3", s.backend)};
  const Stage& st = s.pipeline.stages[0];
  const VariantSpec& fast = *s.registry->Get("dilate3").FindVariant("fast");
  ASSERT_EQ(st.variant, "fast");
  ASSERT_TRUE(s.results[Slot::A].stages.empty()) << "nothing has run";
  s.image_shape = {64, 48, PixelFormat::Rgba8};
  EXPECT_EQ(ShownLaunch(s, st, fast, 0).ppt, 8);
  s.image_shape.format = PixelFormat::Gray8;
  EXPECT_EQ(ShownLaunch(s, st, fast, 0).ppt, 16);
  s.image_shape.format = PixelFormat::Rgba8;  // a gray stage before it: the plan gives it gray8
  s.pipeline.stages.insert(s.pipeline.stages.begin(), MakeStage(*s.registry, "gray", s.backend));
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[1], fast, 1).ppt, 16);
  // A plan refused at the stage itself (a block fast does not take) still gives it the gray stage's output.
  s.pipeline.stages[1].launch.block_x = 16;
  s.pipeline.stages[1].launch_set = kSetBlock;
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[1], fast, 1).ppt, 16);
}

// With no image loaded (its size unknown) the editor shows the launch the docs list, the variant's declared defaults,
// not the one a rule by size gives small images.
TEST_F(ScriptActions, WithNoImageTheEditorShowsTheDeclaredDefaults) {
  s.backend = Backend::Cuda;
  s.image_shape = {};
  s.pipeline.stages = {MakeStage(*s.registry, "box", s.backend), MakeStage(*s.registry, "gauss", s.backend)};
  ASSERT_EQ(Do("param 1 radius 3"), "");
  const VariantSpec& box = *s.registry->Get("box").FindVariant("fast");
  const VariantSpec& tensor = *s.registry->Get("gauss").FindVariant("tensor");
  ASSERT_EQ(s.pipeline.stages[0].variant, "fast");
  ASSERT_EQ(s.pipeline.stages[1].variant, "tensor");
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[0], box, 0).ppt, 32);
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[1], tensor, 1).block_y, 8);
  s.image_shape = {1920, 1080, PixelFormat::Gray8};  // once a small gray8 image is there, its rules
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[0], box, 0).ppt, 16);
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[1], tensor, 1).block_y, 4);
}

// On a device whose blocks get less shared memory than a default block needs, the editor shows the shorter block the
// plan runs (core/plan.cpp), before a run and after it: separable_fused's 32x8 tiles take 114.5 KiB at radius 32.
TEST_F(ScriptActions, TheEditorShowsTheDefaultBlockFittedToTheDevice) {
  s.backend = Backend::Cuda;
  s.image_shape = {640, 480, PixelFormat::Rgba8};
  s.pipeline.stages = {ParseStageSpec(*s.registry, "gauss:variant=separable_fused:radius=32:sigma=10", s.backend)};
  const VariantSpec& fused = *s.registry->Get("gauss").FindVariant("separable_fused");
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[0], fused, 0).block_y, 8) << "an H100's limits";
  DeviceLimits desktop = PortableCudaLimits();
  desktop.name = "a 99 KiB GPU";
  desktop.max_smem_per_block_optin = 99 * 1024;
  s.limits = desktop;
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[0], fused, 0).block_y, 4) << "before a run";
  SlotResult& r = s.results[Slot::A];
  r.plan = ResolvePipeline(*s.registry, s.pipeline, s.image_shape, Backend::Cuda, &desktop);
  ASSERT_TRUE(r.plan.ok()) << r.plan.issue->message;
  r.stages.resize(1);
  r.stages[0].in = s.image_shape;
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[0], fused, 0).block_y, 4) << "the launch that ran";
  s.pipeline.stages[0].params.Set("sigma", 12.0);  // edited since the run, not yet run again
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[0], fused, 0).block_y, 4) << "an edit not yet run";
}

// A report of the last run counts only while the stages before the edited one are those that ran: after a gray
// stage is put in front (not yet run), dilate3 sees gray8, whatever the old report of its new position says.
TEST_F(ScriptActions, TheEditorDoesNotTrustAReportTheChainHasOutgrown) {
  s.backend = Backend::Cuda;
  s.image_shape = {64, 48, PixelFormat::Rgba8};
  s.pipeline.stages = {MakeStage(*s.registry, "dilate3", s.backend), MakeStage(*s.registry, "box", s.backend)};
  SlotResult& r = s.results[Slot::A];
  r.plan = ResolvePipeline(*s.registry, s.pipeline, s.image_shape, Backend::Cuda);
  ASSERT_TRUE(r.plan.ok()) << r.plan.issue->message;
  r.stages.resize(2);
  r.stages[0].in = r.stages[1].in = s.image_shape;  // what that run reported: rgba8 into both stages
  const VariantSpec& fast = *s.registry->Get("dilate3").FindVariant("fast");
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[0], fast, 0).ppt, 8) << "the report of the chain that ran";
  s.pipeline.stages.insert(s.pipeline.stages.begin(), MakeStage(*s.registry, "gray", s.backend));
  EXPECT_EQ(ShownLaunch(s, s.pipeline.stages[1], fast, 1).ppt, 16) << "box's old report is not dilate3's";
}

TEST_F(ScriptActions, ImagesAreRequestedLikeTheBrowserAndThePatternWindow) {
  EXPECT_EQ(Do("load some dir/cat.png"), "");
  EXPECT_EQ(s.requests.open_image, "some dir/cat.png");
  EXPECT_EQ(Do("pattern checkerboard 96x48 rgba8"), "");
  ASSERT_TRUE(s.requests.generate);
  EXPECT_EQ(s.requests.generate->pattern, TestPattern::Checkerboard);
  EXPECT_EQ(s.requests.generate->width, 96);
  EXPECT_EQ(s.requests.generate->height, 48);
  EXPECT_EQ(s.requests.generate->format, PixelFormat::Rgba8);
}

TEST_F(ScriptActions, ViewsTurnTheComparisonOnAndEditBChangesB) {
  EXPECT_EQ(Do("view diff"), "");
  EXPECT_TRUE(s.ab.enabled);
  EXPECT_EQ(s.ab.view, ViewMode::Diff);
  EXPECT_EQ(s.ab.b, s.pipeline);
  EXPECT_EQ(Do("edit b"), "");
  ASSERT_NE(s.pipeline.stages[1].variant, "reference");
  EXPECT_EQ(Do("variant 2 reference"), "");
  EXPECT_EQ(s.ab.b.stages[1].variant, "reference");
  EXPECT_NE(s.pipeline.stages[1].variant, "reference");
  EXPECT_EQ(Do("edit a"), "");
  EXPECT_EQ(Do("compare off"), "");
  EXPECT_FALSE(s.ab.enabled);
  EXPECT_EQ(Do("compare on"), "");
  EXPECT_TRUE(s.ab.enabled);
  EXPECT_EQ(s.ab.b.stages[1].variant, "reference");  // B is kept while comparing is off, as the checkbox keeps it
}

}  // namespace
}  // namespace fl::ui
