// The Tune window driven in-process, frame by frame, with an ImGui context of its own (no window needed), the
// CPU backend's engine with a fake executor and a fake tune timer: the sweep steps with progress, the heat
// map is drawn (refused configurations grey), a click on a cell applies it to the stage, cancel stops the
// timing, the exports are written, and without a GPU the window says that tuning needs CUDA.
#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>

#include "app/ui/panels.hpp"
#include "app/ui/shortcuts.hpp"
#include "app/ui/tune_runner.hpp"
#include "core/stage_spec.hpp"
#include "core/test_patterns.hpp"
#include "core/text_file.hpp"
#include "filters/builtin_registry.hpp"
#include "ui/fake_executor.hpp"
#include "ui/headless_imgui.hpp"
#include "ui/ui_test_support.hpp"

namespace fl::uitest {
namespace {

class TuneWindow : public ::testing::Test {
 protected:
  void SetUp() override {
    StartHeadlessImGui(1400, 900);
    s_.registry = &BuiltinRegistry();
    s_.facts = engine_.facts();
    engine_.SetInput(GeneratePattern({TestPattern::Noise, 96, 64, PixelFormat::Gray8, 8, 5}));
    s_.pipeline.stages.push_back(
        ParseStageSpec(BuiltinRegistry(), "gauss:variant=separable:radius=8", Backend::Cpu));
    s_.selected_stage = 0;
    s_.tune.open = true;
  }
  void TearDown() override { ImGui::DestroyContext(); }

  // One frame: the window drawn, then the runner carries out what it asked for (as Lab::Frame does).
  void Frame(double budget_ms = 0.0) {
    ImGui::NewFrame();
    HandleShortcuts(s_);
    ui::DrawTuneWindow(s_);
    ImGui::Render();
    runner_.Frame(s_, engine_, budget_ms);
  }
  // The centre of heat map cell (col, row) as last drawn.
  ImVec2 CellCentre(int col, int row) const {
    const ui::HeatMapLayout& m = s_.tune.map;
    return ImVec2(m.x + (col + 0.5f) * m.cell_w, m.y + (row + 0.5f) * m.cell_h);
  }
  // Vertices of the drawn frame with this colour.
  int VerticesOfColour(ImU32 colour) const {
    int n = 0;
    const ImDrawData* dd = ImGui::GetDrawData();
    for (int l = 0; l < dd->CmdListsCount; ++l)
      for (const ImDrawVert& v : dd->CmdLists[l]->VtxBuffer) n += v.col == colour;
    return n;
  }

  std::shared_ptr<FakeControls> controls_ = std::make_shared<FakeControls>();
  ui::Engine engine_{BuiltinRegistry(), Backend::Cpu, FakeFactory(controls_), "fake"};
  ui::AppState s_;
  std::shared_ptr<int> calls_ = std::make_shared<int>(0);
  ui::TuneRunner runner_{FakeTuneTimers(calls_)};
};

TEST_F(TuneWindow, SweepStepsDrawsTheHeatMapAndAClickAppliesACell) {
  Frame();
  EXPECT_EQ(s_.tune.stage, 0);
  s_.tune.start = true;
  Frame();
  ASSERT_TRUE(s_.tune.message.empty()) << s_.tune.message;
  ASSERT_TRUE(s_.tune.running);
  float last = -1;
  int frames = 0;
  while (s_.tune.running && frames++ < 10000) {
    EXPECT_GE(s_.tune.progress, last);
    last = s_.tune.progress;
    Frame();
  }
  ASSERT_FALSE(s_.tune.running);
  EXPECT_FLOAT_EQ(s_.tune.progress, 1.0f);
  EXPECT_GT(frames, 10);  // a zero budget times one configuration per frame: the UI never waited on the sweep
  Frame();
  const TuneSweep& sw = *s_.tune.sweep;
  const int best = sw.Best();
  ASSERT_GE(best, 0);
  const LaunchConfig& b = sw.cells[static_cast<std::size_t>(best)].launch;
  EXPECT_EQ(b.block_x, 64);
  EXPECT_EQ(b.block_y, 4);
  // The map shows the best's slice (its ppt and halo): one coloured cell per configuration of that slice.
  int slice = 0, refused = 0;
  for (const TuneCell& c : sw.cells)
    if (c.launch.ppt == b.ppt && c.launch.halo == b.halo) {
      ++slice;
      refused += !c.refused.empty();
    }
  EXPECT_EQ(s_.tune.map.cells_drawn, slice);
  ASSERT_GT(refused, 0) << "radius 8 needs halo x block y >= 8: short blocks are refused";
  EXPECT_GE(VerticesOfColour(IM_COL32(88, 88, 88, 255)), 4 * refused);  // each refused cell a grey quad

  // Click the cell of block 128 x the best's y: it becomes the stage's launch.
  const auto& xs = sw.cells;
  int col = -1, row = -1;
  {
    std::vector<int> bx, by;
    for (const TuneCell& c : xs) {
      bx.push_back(c.launch.block_x);
      by.push_back(c.launch.block_y);
    }
    std::sort(bx.begin(), bx.end());
    bx.erase(std::unique(bx.begin(), bx.end()), bx.end());
    std::sort(by.begin(), by.end());
    by.erase(std::unique(by.begin(), by.end()), by.end());
    col = static_cast<int>(std::find(bx.begin(), bx.end(), 128) - bx.begin());
    row = static_cast<int>(std::find(by.begin(), by.end(), b.block_y) - by.begin());
  }
  LaunchConfig want = b;
  want.block_x = 128;
  ASSERT_GE(sw.Find(want), 0);
  ASSERT_TRUE(sw.cells[static_cast<std::size_t>(sw.Find(want))].ran());
  s_.pipeline_edited = false;
  ImGui::GetIO().MousePos = CellCentre(col, row);
  Frame();  // hover
  ImGui::GetIO().MouseDown[0] = true;
  Frame();  // press: clicked
  ImGui::GetIO().MouseDown[0] = false;
  Frame();
  EXPECT_EQ(s_.pipeline.stages[0].launch, want);
  EXPECT_TRUE(s_.pipeline_edited);
}

// The heat map marks the cell of the launch the stage runs now: on a GPU whose blocks get too little shared memory
// for the default block, the shorter one the plan runs (core/plan.cpp FittedBlock).
TEST_F(TuneWindow, TheCurrentCellIsTheFittedBlock) {
  s_.pipeline.stages = {
      ParseStageSpec(BuiltinRegistry(), "gauss:variant=separable_fused:radius=32:sigma=10", Backend::Cuda)};
  s_.tune.sweep_stage = 0;
  TuneSweep sweep;
  sweep.filter = "gauss";
  sweep.variant = "separable_fused";
  sweep.shape = {640, 480, PixelFormat::Rgba8};
  s_.tune.sweep = sweep;
  ASSERT_TRUE(ui::SweptStageLaunch(s_));
  EXPECT_EQ(ui::SweptStageLaunch(s_)->block_y, 8) << "no device: the largest limits";
  DeviceLimits desktop = PortableCudaLimits();
  desktop.max_smem_per_block_optin = 99 * 1024;
  s_.limits = desktop;
  EXPECT_EQ(ui::SweptStageLaunch(s_)->block_y, 4);
  s_.pipeline.stages[0].variant = "separable";
  EXPECT_FALSE(ui::SweptStageLaunch(s_)) << "the stage changed since the sweep";
}

TEST_F(TuneWindow, CancelStopsTheTiming) {
  Frame();
  s_.tune.start = true;
  Frame();
  Frame();
  ASSERT_TRUE(s_.tune.running);
  const int timed = s_.tune.timed;
  EXPECT_GT(timed, 0);
  s_.tune.cancel = true;
  Frame();
  EXPECT_FALSE(s_.tune.running);
  const int calls = *calls_;
  for (int i = 0; i < 5; ++i) Frame();
  EXPECT_EQ(*calls_, calls);  // nothing more timed
  EXPECT_EQ(s_.tune.timed, timed);
  EXPECT_LT(s_.tune.progress, 1.0f);
}

TEST_F(TuneWindow, ExportsWriteTheSweepBesideTheBrowsersFolder) {
  s_.tune.start = true;
  Frame();
  while (s_.tune.running) Frame(1e9);
  s_.browser.folder = ScratchDir().string();
  s_.tune.export_csv = s_.tune.export_json = true;
  Frame();
  const std::string csv = ui::TuneExportPath(s_, "csv"), json = ui::TuneExportPath(s_, "json");
  EXPECT_NE(csv.find("tune_gauss_separable.csv"), std::string::npos) << csv;
  ASSERT_TRUE(std::filesystem::exists(csv));
  const std::vector<TuneCell> rows = CellsFromCsv(ReadTextFile(csv));
  ASSERT_EQ(rows.size(), s_.tune.sweep->cells.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {  // the CSV keeps 6 decimals of a millisecond
    const TuneCell& want = s_.tune.sweep->cells[i];
    EXPECT_EQ(rows[i].launch, want.launch);
    EXPECT_EQ(rows[i].refused, want.refused);
    EXPECT_EQ(rows[i].samples, want.samples);
    EXPECT_NEAR(rows[i].median_ms, want.median_ms, 1e-6);
  }
  EXPECT_EQ(SweepFromJson(ReadTextFile(json)).cells, s_.tune.sweep->cells);
}

TEST_F(TuneWindow, CtrlTOpensItAndWithoutAGpuItSaysTuningNeedsCuda) {
  s_.tune.open = false;
  s_.key_presses.push_back({'T', true});  // GLFW_KEY_T is 'T'
  Frame();
  EXPECT_TRUE(s_.tune.open);
  ui::TuneRunner device_runner;  // the engine's device tools: none on the CPU backend
  s_.tune.start = true;
  device_runner.Frame(s_, engine_);
  EXPECT_FALSE(s_.tune.running);
  EXPECT_NE(s_.tune.message.find("tuning needs CUDA"), std::string::npos) << s_.tune.message;
  // A CPU variant has no launch to tune, on any machine.
  s_.pipeline.stages[0] = ParseStageSpec(BuiltinRegistry(), "gauss:variant=reference", Backend::Cpu);
  s_.tune.start = true;
  runner_.Frame(s_, engine_);
  EXPECT_NE(s_.tune.message.find("runs on the CPU"), std::string::npos) << s_.tune.message;
  EXPECT_EQ(*calls_, 0);
}

}  // namespace
}  // namespace fl::uitest
