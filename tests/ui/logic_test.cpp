// The lab's plain logic: test patterns, the host display conversion, rolling timings, pipeline edits.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>

#include "app/ui/engine.hpp"
#include "app/ui/gui_app.hpp"
#include "app/ui/host_display.hpp"
#include "app/ui/pipeline_edits.hpp"
#include "app/ui/timing_export.hpp"
#include "app/ui/timing_history.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/preset.hpp"
#include "core/stage_spec.hpp"
#include "core/test_patterns.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::ui {
namespace {

TEST(TestPatterns, EveryPatternAndFormatHasTheAskedSizeAndIsNotFlat) {
  for (TestPattern p : AllTestPatterns())
    for (PixelFormat f : {PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Gray32f}) {
      PatternRequest r{p, 97, 61, f, 8, 3};
      const Image img = GeneratePattern(r);
      ASSERT_EQ(img.width(), 97);
      ASSERT_EQ(img.height(), 61);
      ASSERT_EQ(img.format(), f);
      // Not one value everywhere: some pixel differs from the first.
      const std::size_t bpp = BytesPerPixel(f);
      bool varies = false;
      for (int y = 0; y < img.height() && !varies; ++y)
        for (int x = 0; x < img.width() && !varies; ++x)
          varies = std::memcmp(img.Row<std::uint8_t>(y) + x * bpp, img.data(), bpp) != 0;
      EXPECT_TRUE(varies) << ToString(p) << " " << ToString(f);
    }
}

TEST(TestPatterns, DeterministicAndSeeded) {
  PatternRequest r{TestPattern::Noise, 64, 64, PixelFormat::Rgba8, 8, 7};
  EXPECT_EQ(GeneratePattern(r), GeneratePattern(r));
  PatternRequest other = r;
  other.seed = 8;
  EXPECT_FALSE(GeneratePattern(r) == GeneratePattern(other));
}

TEST(TestPatterns, CheckerboardCellsAndZonePlateCentre) {
  const Image c = GeneratePattern({TestPattern::Checkerboard, 64, 64, PixelFormat::Gray8, 16, 1});
  EXPECT_EQ(c.Row<std::uint8_t>(0)[0], c.Row<std::uint8_t>(15)[15]);
  EXPECT_NE(c.Row<std::uint8_t>(0)[0], c.Row<std::uint8_t>(0)[16]);
  EXPECT_EQ(c.Row<std::uint8_t>(0)[0], c.Row<std::uint8_t>(16)[16]);
  const Image z = GeneratePattern({TestPattern::ZonePlate, 65, 65, PixelFormat::Gray32f, 8, 1});
  EXPECT_NEAR(z.Row<float>(32)[32], 1.0f, 1e-6f);  // cos(0) at the centre
}

TEST(TestPatterns, RejectsBadSizesAndHonoursCancel) {
  EXPECT_THROW(GeneratePattern({TestPattern::Noise, 0, 10, PixelFormat::Gray8, 8, 1}), InputError);
  EXPECT_THROW(GeneratePattern({TestPattern::Noise, kMaxPatternSide + 1, 10, PixelFormat::Gray8, 8, 1}), InputError);
  std::atomic<bool> cancel{true};
  std::atomic<float> progress{0};
  EXPECT_THROW(GeneratePattern({TestPattern::ZonePlate, 512, 512, PixelFormat::Gray8, 8, 1}, &cancel, &progress),
               InputError);
  cancel = false;
  GeneratePattern({TestPattern::ZonePlate, 512, 512, PixelFormat::Gray8, 8, 1}, &cancel, &progress);
  EXPECT_EQ(progress.load(), 1.0f);
}

TEST(TestPatterns, SpecsParseAndFormat) {
  const auto r = ParsePatternSpec("pattern:checkerboard:300x200:rgba8");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->pattern, TestPattern::Checkerboard);
  EXPECT_EQ(r->width, 300);
  EXPECT_EQ(r->height, 200);
  EXPECT_EQ(r->format, PixelFormat::Rgba8);
  EXPECT_EQ(ParsePatternSpec(FormatPatternSpec(*r))->width, 300);
  EXPECT_FALSE(ParsePatternSpec("/some/file.png"));
  EXPECT_THROW(ParsePatternSpec("pattern:stripes:10x10"), InputError);
  EXPECT_THROW(ParsePatternSpec("pattern:noise:10by10"), InputError);
  EXPECT_THROW(ParsePatternSpec("pattern:noise:10x99999"), InputError);
  EXPECT_THROW(ParsePatternSpec("pattern:noise:10x10:rgb"), InputError);
}

TEST(HostDisplay, GreyColourAndFloatRules) {
  Image g(3, 1, PixelFormat::Gray8);
  g.Row<std::uint8_t>(0)[1] = 200;
  const Image gr = HostToRgba8(g, 1, HostMinMax(g));
  EXPECT_EQ(gr.Row<std::uint8_t>(0)[4], 200);
  EXPECT_EQ(gr.Row<std::uint8_t>(0)[6], 200);
  EXPECT_EQ(gr.Row<std::uint8_t>(0)[7], 255);

  Image c(1, 1, PixelFormat::Rgba8);
  std::uint8_t* p = c.Row<std::uint8_t>(0);
  p[0] = 10, p[1] = 20, p[2] = 30, p[3] = 0;
  const Image cr = HostToRgba8(c, 1, HostMinMax(c));
  EXPECT_EQ(cr.Row<std::uint8_t>(0)[0], 10);
  EXPECT_EQ(cr.Row<std::uint8_t>(0)[2], 30);
  EXPECT_EQ(cr.Row<std::uint8_t>(0)[3], 255);  // alpha is not composited

  Image f(4, 1, PixelFormat::Gray32f);
  float* fr = f.Row<float>(0);
  fr[0] = -2.0f, fr[1] = 0.0f, fr[2] = 2.0f, fr[3] = NAN;
  const HostRange range = HostMinMax(f);
  EXPECT_EQ(range.lo, -2.0f);
  EXPECT_EQ(range.hi, 2.0f);
  const Image fo = HostToRgba8(f, 1, range);
  EXPECT_EQ(fo.Row<std::uint8_t>(0)[0], 0);
  EXPECT_EQ(fo.Row<std::uint8_t>(0)[4], 128);  // (0 - -2) * 255/4 + 0.5 = 128.0
  EXPECT_EQ(fo.Row<std::uint8_t>(0)[8], 255);
  EXPECT_EQ(fo.Row<std::uint8_t>(0)[12], 0);  // non-finite shows black

  Image flat(2, 2, PixelFormat::Gray32f);
  EXPECT_EQ(HostToRgba8(flat, 1, HostMinMax(flat)).Row<std::uint8_t>(1)[4], 0);
}

TEST(HostDisplay, LargeImagesAreSubsampledToTheTextureLimit) {
  EXPECT_EQ(DisplayStep(1000, 1000, 16384), 1);
  EXPECT_EQ(DisplayStep(20000, 100, 16384), 2);
  EXPECT_EQ(DisplayStep(32768, 32768, 8192), 4);
  EXPECT_EQ(DisplayStep(8193, 10, 8192), 2);
  Image g(5, 3, PixelFormat::Gray8);
  for (int x = 0; x < 5; ++x) g.Row<std::uint8_t>(2)[x] = static_cast<std::uint8_t>(x * 10);
  const Image out = HostToRgba8(g, 2, HostMinMax(g));
  ASSERT_EQ(out.width(), 3);
  ASSERT_EQ(out.height(), 2);
  EXPECT_EQ(out.Row<std::uint8_t>(1)[2 * 4], 40);  // pixel (4, 2)
}

TEST(TimingHistory, MedianMinAndResetOnConfigurationChange) {
  const Registry& reg = BuiltinRegistry();
  Pipeline p;
  p.stages.push_back(MakeStage(reg, "gray", Backend::Cpu));
  const ImageShape in{64, 32, PixelFormat::Rgba8};
  const Plan plan = ResolvePipeline(reg, p, in, Backend::Cpu);
  TimingHistory h(4);
  for (double ms : {5.0, 1.0, 3.0, 2.0, 4.0}) h.Record(reg, plan, {ms});
  std::vector<StageReport> reports;
  h.Fill(plan, 0, reports);
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_EQ(reports[0].runs, 4);  // capacity
  EXPECT_DOUBLE_EQ(reports[0].min_ms, 1.0);
  EXPECT_DOUBLE_EQ(reports[0].median_ms, 2.5);
  EXPECT_DOUBLE_EQ(reports[0].last_ms, 4.0);
  EXPECT_DOUBLE_EQ(reports[0].bytes, 64.0 * 32 * 4 + 64.0 * 32);  // read rgba8 once, write gray8 once
  EXPECT_DOUBLE_EQ(reports[0].pct_of_copy, 0.0);

  Pipeline changed = p;
  SetVariant(reg, changed.stages[0], "reference");
  const Plan changed_plan = ResolvePipeline(reg, changed, in, Backend::Cpu);
  h.Record(reg, changed_plan, {9.0});
  h.Fill(changed_plan, 100.0, reports);
  EXPECT_EQ(reports[0].runs, 1);
  EXPECT_DOUBLE_EQ(reports[0].median_ms, 9.0);
  EXPECT_NEAR(reports[0].pct_of_copy, 100.0 * reports[0].gbs / 100.0, 1e-9);
}

TEST(PipelineEdits, AddDuplicateMoveRemoveKeepTheSelection) {
  const Registry& reg = BuiltinRegistry();
  AppState s;
  s.registry = &reg;
  s.pipeline = DefaultPipeline(reg, Backend::Cpu);
  ASSERT_GE(s.pipeline.stages.size(), 1u);
  EXPECT_EQ(s.pipeline.stages[0].filter, "gray");
  const std::size_t n = s.pipeline.stages.size();
  s.selected_stage = 0;
  AddStage(s, "gray");
  EXPECT_EQ(s.pipeline.stages.size(), n + 1);
  EXPECT_EQ(s.selected_stage, 1);
  DuplicateStage(s, 1);
  EXPECT_EQ(s.pipeline.stages.size(), n + 2);
  EXPECT_EQ(s.selected_stage, 2);
  s.pipeline_edited = false;
  MoveStage(s, 2, -1);
  EXPECT_EQ(s.selected_stage, 1);
  EXPECT_TRUE(s.pipeline_edited);
  MoveStage(s, 0, -1);  // nowhere to go: nothing changes
  EXPECT_EQ(s.selected_stage, 1);
  SetStageEnabled(s, 1, false);
  EXPECT_FALSE(s.pipeline.stages[1].enabled);
  RemoveStage(s, 1);
  RemoveStage(s, 1);
  EXPECT_EQ(s.pipeline.stages.size(), n);
  RemoveStage(s, 99);  // out of range: ignored
  EXPECT_EQ(s.pipeline.stages.size(), n);
}

TEST(PipelineEdits, PutStageBeforeKeepsTheRefusingStageSelected) {
  const Registry& reg = BuiltinRegistry();
  AppState s;
  s.registry = &reg;
  s.pipeline.stages = {MakeStage(reg, "gauss3", Backend::Cpu), MakeStage(reg, "sobel", Backend::Cpu)};
  s.selected_stage = 1;
  s.show_stage = 1;
  PutStageBefore(s, 1, "gray");
  ASSERT_EQ(s.pipeline.stages.size(), 3u);
  EXPECT_EQ(s.pipeline.stages[1].filter, "gray");
  EXPECT_EQ(s.pipeline.stages[2].filter, "sobel");
  EXPECT_EQ(s.selected_stage, 2);
  EXPECT_EQ(s.show_stage, 2);
  EXPECT_TRUE(s.pipeline_edited);
  PutStageBefore(s, 7, "gray");  // out of range: ignored
  EXPECT_EQ(s.pipeline.stages.size(), 3u);
}

TEST(PipelineEdits, StageReferencesAndBsOwnSettingsFollowTheirStages) {
  const Registry& reg = BuiltinRegistry();
  AppState s;
  s.registry = &reg;
  Stage add = MakeStage(reg, "add", Backend::Cpu);
  add.params.Set("with", ParamValue(std::string("stage:2")));
  s.pipeline.stages = {MakeStage(reg, "gauss", Backend::Cpu), MakeStage(reg, "sobel", Backend::Cpu), add};
  s.ab.b = s.pipeline;
  s.ab.b.stages[1].params.Set("output", ParamValue(std::string("gray32f")));  // B's own setting on sobel
  const auto with = [](const Pipeline& p, int i) {
    return p.stages[static_cast<std::size_t>(i)].params.Text("with");
  };

  PutStageBefore(s, 1, "gray");  // gauss, gray, sobel, add: add still reads sobel, now stage 3
  EXPECT_EQ(with(s.pipeline, 3), "stage:3");
  ASSERT_EQ(s.ab.b.stages.size(), 4u);
  EXPECT_EQ(s.ab.b.stages[2].params.Text("output"), "gray32f");
  EXPECT_EQ(with(s.ab.b, 3), "stage:3");
  MoveStage(s, 2, -1);  // gauss, sobel, gray, add
  EXPECT_EQ(with(s.pipeline, 3), "stage:2");
  RemoveStage(s, 0);  // sobel, gray, add
  EXPECT_EQ(with(s.pipeline, 2), "stage:1");
  EXPECT_EQ(s.ab.b.stages[0].params.Text("output"), "gray32f");
  DuplicateStage(s, 0);  // sobel, sobel, gray, add: the copy of B's sobel is B's
  EXPECT_EQ(with(s.pipeline, 3), "stage:1");
  EXPECT_EQ(s.ab.b.stages[1].params.Text("output"), "gray32f");
  RemoveStage(s, 0);  // sobel, gray, add: add's input is gone, and it does not slide onto the next sobel
  EXPECT_EQ(with(s.pipeline, 2), "stage:257");
  const Plan plan = ResolvePipeline(reg, s.pipeline, {16, 16, PixelFormat::Gray8}, Backend::Cpu);
  ASSERT_TRUE(plan.issue);
  EXPECT_EQ(plan.issue->stage, 2);
  EXPECT_NE(plan.issue->message.find("with=stage:257 must name an earlier stage"), std::string::npos)
      << plan.issue->message;
}

TEST(PipelineEdits, APipelineHoldsNoMoreStagesThanAPresetCanSave) {
  ImGuiContextScope imgui;  // the refusal is a notice, timed by ImGui's clock
  const Registry& reg = BuiltinRegistry();
  AppState s;
  s.registry = &reg;
  s.pipeline.stages.assign(kMaxPresetStages - 1, MakeStage(reg, "invert", Backend::Cpu));
  EXPECT_TRUE(AddStage(s, "invert"));
  EXPECT_FALSE(AddStage(s, "invert"));
  DuplicateStage(s, 0);
  PutStageBefore(s, 1, "gray");
  EXPECT_EQ(s.pipeline.stages.size(), kMaxPresetStages);
  ASSERT_FALSE(s.toasts.empty());
  EXPECT_NE(s.toasts.back().text.find("at most 256 stages"), std::string::npos);
}

}  // namespace
}  // namespace fl::ui

namespace fl::ui {
namespace {

TEST(Engine, NamesTheStageAtFaultAndKeepsTheLastGoodResult) {
  const Registry& reg = BuiltinRegistry();
  Engine e(reg, Backend::Cpu);
  e.SetInput(GeneratePattern({TestPattern::GradientRamp, 40, 30, PixelFormat::Rgba8, 8, 1}));
  Pipeline good;
  good.stages.push_back(MakeStage(reg, "gray", Backend::Cpu));
  ASSERT_TRUE(e.MakePlan(good).ok());
  e.Run(Slot::A, good);
  ASSERT_TRUE(e.has_result(Slot::A));
  EXPECT_FALSE(e.has_result(Slot::B));
  EXPECT_EQ(e.OutputShape(Slot::A, 0).format, PixelFormat::Gray8);
  EXPECT_EQ(e.Download(Slot::A, 0), RunPipelineCpu(reg, good, e.input()).outputs[0]);

  Pipeline bad = good;
  Stage wrong = MakeStage(reg, "gray", Backend::Cpu);
  wrong.variant = "no_such_variant";
  bad.stages.push_back(wrong);
  const Plan plan = e.MakePlan(bad);
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.issue->stage, 1);
  EXPECT_NE(plan.issue->message.find("stage 2"), std::string::npos) << plan.issue->message;
  EXPECT_THROW(e.Run(Slot::A, bad), InputError);
  EXPECT_EQ(e.result(Slot::A).pipeline, good);  // the previous result stays
  EXPECT_EQ(e.stage_ms(Slot::A).size(), 1u);
  const auto v = e.ReadPixel(Slot::A, 0, 39, 0);  // the ramp's right end
  EXPECT_GT(v[0], 0.0f);
  EXPECT_EQ(e.ReadPixel(Slot::A, kShowInput, 0, 0)[3], 255.0f);
}

TEST(TimingExport, CsvAndJsonCarryEveryStage) {
  const Registry& reg = BuiltinRegistry();
  AppState s;
  s.registry = &reg;
  s.device_name = "CPU (test)";
  SlotResult& a = s.results[Slot::A];
  a.plan.pipeline.stages = {MakeStage(reg, "gray", Backend::Cpu), MakeStage(reg, "gray", Backend::Cpu)};
  a.stages.resize(2);
  a.stages[0].median_ms = 1.5;
  a.stages[0].history = {1.0f, 2.0f};
  a.stages[1].enabled = false;
  const std::string csv = TimingsCsv(s);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3) << csv;
  EXPECT_NE(csv.find("CPU time"), std::string::npos);
  EXPECT_NE(csv.find("1.500000"), std::string::npos) << csv;
  const auto j = nlohmann::json::parse(TimingsJson(s));
  EXPECT_EQ(j.at("device"), "CPU (test)");
  ASSERT_EQ(j.at("stages").size(), 2u);
  EXPECT_EQ(j.at("stages")[0].at("history_ms").size(), 2u);
  EXPECT_TRUE(j.at("stages")[0].at("registers").is_null());  // unknown on the CPU
  EXPECT_TRUE(j.at("stages")[0].at("launch").is_null()) << "no plan, no launch";
}

// The exports name the variant that ran and, for CUDA code, the launch it ran with (the rule's fields included,
// which the spec leaves out).
TEST(TimingExport, NamesTheLaunchThatRan) {
  const Registry& reg = BuiltinRegistry();
  AppState s;
  s.registry = &reg;
  SlotResult& a = s.results[Slot::A];
  Pipeline p;
  p.stages = {ParseStageSpec(reg, "gauss:variant=half2:radius=4", Backend::Cuda)};
  a.plan = ResolvePipeline(reg, p, ImageShape{64, 48, PixelFormat::Gray8}, Backend::Cuda);
  ASSERT_TRUE(a.plan.ok()) << a.plan.issue->message;
  a.stages.resize(1);
  const std::string csv = TimingsCsv(s);
  EXPECT_NE(csv.find(",half2,\"block 32x4, ppt 16, smem on\","), std::string::npos) << csv;
  const auto j = nlohmann::json::parse(TimingsJson(s));
  EXPECT_EQ(j.at("stages")[0].at("ran_variant"), "half2");
  EXPECT_EQ(j.at("stages")[0].at("launch"), "block 32x4, ppt 16, smem on");
}

}  // namespace
}  // namespace fl::ui
