// The teaching windows' logic: opening a lesson loads its presets into A and B with the lesson's view, a bad
// lesson changes nothing; the session report carries A, B and the metrics; the lesson and kernel source windows
// draw for every lesson and every CUDA variant without an ImGui error.
#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>

#include "app/cli/lessons.hpp"
#include "app/ui/panels.hpp"
#include "app/ui/session_report.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"
#include "ui/headless_imgui.hpp"
#include "ui_test_support.hpp"

namespace fl::ui {
namespace {

// An ImGui context able to run frames without a window (fonts built, a display size), for the duration of a test.
class TeachTest : public ::testing::Test {
 protected:
  void SetUp() override {
    uitest::StartHeadlessImGui(1280, 800);
    s.registry = &BuiltinRegistry();
    s.backend = Backend::Cpu;
    s.image_shape = {640, 480, PixelFormat::Gray8};
  }
  void TearDown() override { ImGui::DestroyContext(); }
  int DrawFrame() {
    ImGui::NewFrame();
    DrawTeachWindows(s);
    ImGui::Render();
    return ImGui::GetIO().MetricsRenderWindows;
  }
  AppState s;
};

TEST_F(TeachTest, OpeningALessonLoadsItsPresetsIntoAAndBWithItsView) {
  s.teach.open_lesson = "halo";
  ProcessTeachRequests(s);
  ASSERT_EQ(s.pipeline.stages.size(), 1u);
  EXPECT_EQ(s.pipeline.stages[0].variant, "smem");
  EXPECT_TRUE(s.ab.enabled);
  ASSERT_EQ(s.ab.b.stages.size(), 1u);
  EXPECT_EQ(s.ab.b.stages[0].variant, "smem_nohalo");
  EXPECT_EQ(s.ab.view, ViewMode::Diff);
  EXPECT_TRUE(s.teach.show_lesson);
  EXPECT_EQ(s.teach.lesson, "halo");
  EXPECT_TRUE(s.pipeline_edited);
  EXPECT_FALSE(s.teach.open_lesson);

  // A lesson with one preset turns the comparison off; a lab lesson keeps the pipeline and opens its text.
  s.teach.open_lesson = "weights_shared_vs_openmp";
  ProcessTeachRequests(s);
  EXPECT_FALSE(s.ab.enabled);
  EXPECT_EQ(s.pipeline.stages[0].variant, "direct_shared");
  s.teach.open_lesson = "histogram_atomics";
  ProcessTeachRequests(s);
  EXPECT_EQ(s.pipeline.stages[0].variant, "direct_shared");
  EXPECT_EQ(s.teach.lesson, "histogram_atomics");
}

TEST_F(TeachTest, AnUnknownLessonChangesNothingAndSaysWhy) {
  s.pipeline.stages.push_back(ParseStageSpec(*s.registry, "invert", Backend::Cpu));
  s.pipeline_edited = false;
  s.teach.open_lesson = "no_such_lesson";
  ProcessTeachRequests(s);
  ASSERT_EQ(s.pipeline.stages.size(), 1u);
  EXPECT_EQ(s.pipeline.stages[0].filter, "invert");
  EXPECT_FALSE(s.pipeline_edited);
  ASSERT_FALSE(s.toasts.empty());
  EXPECT_TRUE(s.toasts.back().error);
  EXPECT_NE(s.toasts.back().text.find("unknown lesson 'no_such_lesson'"), std::string::npos);
}

TEST_F(TeachTest, EveryLessonAndEveryKernelSourceWindowDraws) {
  for (const Lesson& l : cli::BuiltinLessons()) {
    s.teach.open_lesson = l.id;
    ProcessTeachRequests(s);
    EXPECT_GE(DrawFrame(), 1) << l.id;
  }
  s.teach.show_lesson = false;
  s.teach.show_kernel_source = true;
  s.ab.enabled = false;
  for (const FilterSpec& f : s.registry->filters())
    for (const VariantSpec& v : f.variants) {
      if (v.backend != Backend::Cuda) continue;
      s.pipeline.stages = {MakeStage(*s.registry, f.id, Backend::Cuda)};
      SetVariant(*s.registry, s.pipeline.stages[0], v.id);
      s.selected_stage = 0;
      s.teach.mark_diff = (v.id.size() % 2) == 0;  // both renderings
      EXPECT_GE(DrawFrame(), 1) << f.id << "/" << v.id;
    }
}

TEST_F(TeachTest, SessionReportCarriesAAndBAndTheMetrics) {
  const Registry& reg = *s.registry;
  for (Slot slot : {Slot::A, Slot::B}) {
    SlotResult& r = s.results[slot];
    r.valid = true;
    r.plan.pipeline.stages = {ParseStageSpec(reg, slot == Slot::A ? "gauss3:variant=naive" : "gauss3:variant=smem",
                                             Backend::Cpu)};
    StageReport rep;
    rep.median_ms = slot == Slot::A ? 1.5 : 2.5;
    rep.min_ms = 1.0;
    rep.runs = 7;
    r.stages = {rep};
  }
  s.ab.enabled = true;
  s.ab.a_vs_b.metrics = ImageMetrics{3, 0.5, 40, 10, 1.0, std::nullopt};
  s.ab.a_vs_ref.error = "no reference";
  const cli::ReportData d = SessionReport(s);
  ASSERT_EQ(d.a.size(), 1u);
  ASSERT_EQ(d.b.size(), 1u);
  EXPECT_EQ(d.a[0].median_ms, 1.5);
  EXPECT_EQ(d.b[0].spec, FormatStageSpec(reg, s.results[Slot::B].plan.pipeline.stages[0]));
  EXPECT_EQ(d.runs, 7);
  ASSERT_EQ(d.metrics.size(), 3u);
  EXPECT_TRUE(d.metrics[0].metrics);
  EXPECT_EQ(d.metrics[1].error, "no reference");

  const std::filesystem::path dir = uitest::ScratchDir() / "report";
  s.teach.export_report = dir.string();
  ProcessTeachRequests(s);
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "report.md"));
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "timings_a.png"));
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "timings_b.png"));
  ASSERT_FALSE(s.toasts.empty());
  EXPECT_FALSE(s.toasts.back().error) << s.toasts.back().text;
}

// The screenshot opens the teaching windows too (--open kernel, --open lesson:ID): they render with no ImGui error.
TEST(TeachScreenshot, KernelSourceAndLessonWindowsRender) {
  FL_SKIP_WITHOUT_WINDOWS();
  const std::filesystem::path dir = uitest::ScratchDir();
  for (const std::string open : {"kernel", "lesson:halo"}) {
    const std::string out = (dir / "shot.png").string();
    const uitest::Outcome o = uitest::RunFilterlab("--screenshot " + uitest::Quote(out) +
                                                       " --backend cpu --stage gauss3:variant=smem --open " + open,
                                                   true);
    ASSERT_EQ(o.exit_code, 0) << o.output;
    EXPECT_NE(o.output.find("errors=0"), std::string::npos) << o.output;
    EXPECT_TRUE(std::filesystem::is_regular_file(out)) << open;
  }
  const uitest::Outcome bad = uitest::RunFilterlab("--screenshot " + uitest::Quote((dir / "x.png").string()) +
                                                       " --backend cpu --open lesson:nope",
                                                   true);
  EXPECT_EQ(bad.exit_code, 0) << "an unknown lesson is a notice in the lab, not a failure: " << bad.output;
}

}  // namespace
}  // namespace fl::ui
