// The lab's logic with a fake executor (tests/ui/fake_executor): no CPU filter and no device runs, so what is
// tested is the engine's slots and the slot runs alone: a refused plan keeps the last good result, A and B are
// independent, a device failure part-way restores the previous result, fallback notes reach the stage reports.
#include <gtest/gtest.h>

#include "app/ui/engine.hpp"
#include "app/ui/slot_runs.hpp"
#include "core/error.hpp"
#include "core/stage_spec.hpp"
#include "core/test_patterns.hpp"
#include "filters/builtin_registry.hpp"
#include "ui/fake_executor.hpp"

namespace fl::uitest {
namespace {

using ui::Slot;

Pipeline Parse(const std::vector<std::string>& specs) {
  Pipeline p;
  for (const auto& s : specs) p.stages.push_back(ParseStageSpec(BuiltinRegistry(), s, Backend::Cpu));
  return p;
}

class FakeLab : public ::testing::Test {
 protected:
  void SetUp() override {
    s_.registry = &BuiltinRegistry();
    s_.facts = engine_.facts();
    engine_.SetInput(GeneratePattern({TestPattern::Noise, 40, 30, PixelFormat::Rgba8, 8, 5}));
  }
  // What the fake makes for the last stage of `p` on this input.
  Image Expected(const Pipeline& p, int stage) const {
    const Plan plan = engine_.MakePlan(p);
    Image img = engine_.input();
    for (int i = 0; i <= stage; ++i) img = FakeStageImage(plan.stages[i], i, img);
    return img;
  }

  std::shared_ptr<FakeControls> controls_ = std::make_shared<FakeControls>();
  ui::Engine engine_{BuiltinRegistry(), Backend::Cpu, FakeFactory(controls_), "fake"};
  ui::AppState s_;
  ui::SlotRuns runs_;
};

TEST_F(FakeLab, EngineRunsAPlanAndARefusedPlanKeepsTheLastGoodResult) {
  const Pipeline good = Parse({"gray", "box:radius=2"});
  engine_.Run(Slot::A, good);
  ASSERT_TRUE(engine_.has_result(Slot::A));
  EXPECT_EQ(engine_.Download(Slot::A, 1), Expected(good, 1));
  EXPECT_EQ(engine_.stage_ms(Slot::A), (std::vector<double>{0.5, 0.5}));

  Pipeline bad = good;
  bad.stages[1].variant = "no_such_variant";
  EXPECT_THROW(engine_.Run(Slot::A, bad), InputError);
  EXPECT_EQ(controls_->runs, 1);  // refused before it reached the executor
  EXPECT_EQ(engine_.result(Slot::A).pipeline, good);
  EXPECT_EQ(engine_.Download(Slot::A, 1), Expected(good, 1));
}

TEST_F(FakeLab, SlotsAAndBAreIndependent) {
  const Pipeline a = Parse({"gray", "box:radius=2"}), b = Parse({"gray", "box:radius=4"});
  engine_.Run(Slot::A, a);
  EXPECT_FALSE(engine_.has_result(Slot::B));
  engine_.Run(Slot::B, b);
  EXPECT_EQ(engine_.Download(Slot::A, 0), engine_.Download(Slot::B, 0));  // the same first stage
  EXPECT_EQ(engine_.Download(Slot::A, 1), Expected(a, 1));
  EXPECT_EQ(engine_.Download(Slot::B, 1), Expected(b, 1));
  EXPECT_NE(engine_.Download(Slot::A, 1), engine_.Download(Slot::B, 1));
  engine_.Forget(Slot::B);
  EXPECT_FALSE(engine_.has_result(Slot::B));
  EXPECT_EQ(engine_.Download(Slot::B, 1), engine_.input());  // a slot without a result shows the input
  ASSERT_TRUE(engine_.has_result(Slot::A));
  EXPECT_EQ(engine_.Download(Slot::A, 1), Expected(a, 1));
}

TEST_F(FakeLab, DeviceFailurePartWayRestoresThePreviousResult) {
  const Pipeline first = Parse({"gray", "box:radius=2"}), second = Parse({"gray", "box:radius=3"});
  engine_.Run(Slot::A, first);
  controls_->fail_at_stage = 1;
  controls_->failing_runs = 1;
  EXPECT_THROW(engine_.Run(Slot::A, second), RuntimeError);
  EXPECT_EQ(controls_->runs, 3);  // first, the failing one, the previous again
  ASSERT_TRUE(engine_.has_result(Slot::A));
  EXPECT_EQ(engine_.result(Slot::A).pipeline, first);
  EXPECT_EQ(engine_.Download(Slot::A, 1), Expected(first, 1));  // what is shown matches what is listed
}

TEST_F(FakeLab, SlotRunsRecordTimingsAndKeepAsLastGoodResultWhenAnEditIsRefused) {
  s_.pipeline = Parse({"gray", "box:radius=2"});
  EXPECT_TRUE(runs_.Update(s_, engine_));
  EXPECT_FALSE(s_.pipeline_edited);
  const ui::SlotResult& a = s_.results[Slot::A];
  ASSERT_TRUE(a.valid);
  EXPECT_FALSE(a.issue);
  ASSERT_EQ(a.stages.size(), 2u);
  EXPECT_DOUBLE_EQ(a.stages[1].last_ms, 0.5);
  EXPECT_DOUBLE_EQ(a.total_ms, 1.0);
  EXPECT_EQ(a.runs, 1);
  EXPECT_FALSE(runs_.Update(s_, engine_));  // nothing edited: nothing runs
  EXPECT_EQ(controls_->runs, 1);

  const Pipeline good = s_.pipeline;
  s_.pipeline.stages[1].variant = "no_such_variant";
  s_.pipeline_edited = true;
  EXPECT_FALSE(runs_.Update(s_, engine_));  // what is shown has not changed
  ASSERT_TRUE(a.issue);
  EXPECT_EQ(a.issue->stage, 1);
  EXPECT_NE(a.issue->message.find("stage 2"), std::string::npos) << a.issue->message;
  EXPECT_TRUE(a.valid);
  EXPECT_EQ(a.plan.pipeline, good);
  // Measuring continuously keeps timing the last good run while the edit is refused.
  s_.continuous = true;
  runs_.Update(s_, engine_);
  EXPECT_EQ(a.runs, 2);
  EXPECT_EQ(a.stages[1].runs, 2);
  EXPECT_TRUE(a.issue);
}

TEST_F(FakeLab, SlotRunsKeepBApartFromA) {
  s_.pipeline = Parse({"gray", "box:radius=2"});
  s_.ab.enabled = true;
  s_.ab.b = Parse({"gray", "box:radius=4"});
  runs_.Update(s_, engine_);
  const ui::SlotResult &a = s_.results[Slot::A], &b = s_.results[Slot::B];
  ASSERT_TRUE(a.valid);
  ASSERT_TRUE(b.valid);
  EXPECT_EQ(b.plan.pipeline, s_.ab.b);
  EXPECT_EQ(engine_.Download(Slot::B, 1), Expected(s_.ab.b, 1));
  ASSERT_NE(ui::ShownB(s_), nullptr);

  // B's edit refused: B shows nothing (with its reason), A is untouched.
  s_.ab.b.stages[1].params.Set("radius", 99999.0);
  s_.pipeline_edited = true;
  EXPECT_TRUE(runs_.Update(s_, engine_));
  ASSERT_TRUE(b.issue);
  EXPECT_EQ(b.issue->stage, 1);
  EXPECT_FALSE(b.valid);
  EXPECT_FALSE(engine_.has_result(Slot::B));
  EXPECT_EQ(ui::ShownB(s_), nullptr);
  EXPECT_FALSE(a.issue);
  EXPECT_TRUE(a.valid);
  EXPECT_EQ(engine_.Download(Slot::A, 1), Expected(s_.pipeline, 1));

  // Comparing off: B is forgotten.
  s_.ab.b.stages[1].params.Set("radius", 3.0);
  s_.pipeline_edited = true;
  runs_.Update(s_, engine_);
  ASSERT_TRUE(b.valid);
  s_.ab.enabled = false;
  runs_.Update(s_, engine_);
  EXPECT_FALSE(b.valid);
  EXPECT_FALSE(engine_.has_result(Slot::B));
  EXPECT_TRUE(a.valid);
}

TEST_F(FakeLab, SlotRunsReportADeviceFailureAndStopMeasuring) {
  s_.pipeline = Parse({"gray", "box:radius=2"});
  runs_.Update(s_, engine_);
  const Pipeline good = s_.pipeline;
  s_.pipeline.stages[1].params.Set("radius", 3.0);
  s_.pipeline_edited = true;
  s_.continuous = true;
  controls_->fail_at_stage = 1;
  controls_->failing_runs = 1;
  EXPECT_FALSE(runs_.Update(s_, engine_));
  const ui::SlotResult& a = s_.results[Slot::A];
  ASSERT_TRUE(a.issue);
  EXPECT_EQ(a.issue->message, "the run failed: fake device failure at stage 2");
  EXPECT_FALSE(s_.continuous);  // a failing device would fail every frame
  EXPECT_TRUE(a.valid);
  EXPECT_EQ(a.plan.pipeline, good);
  EXPECT_EQ(engine_.Download(Slot::A, 1), Expected(good, 1));
}

TEST_F(FakeLab, FallbackNotesReachTheStageReports) {
  // A CUDA variant on the CPU backend runs as the CPU reference; the stage keeps its variant and says so.
  s_.pipeline = Parse({"gray", "dilate5:variant=two_pass_smem"});
  s_.ab.enabled = true;
  s_.ab.b = Parse({"gray", "dilate5"});
  runs_.Update(s_, engine_);
  const ui::SlotResult &a = s_.results[Slot::A], &b = s_.results[Slot::B];
  ASSERT_TRUE(a.valid) << (a.issue ? a.issue->message : "");
  ASSERT_EQ(a.stages.size(), 2u);
  EXPECT_EQ(a.stages[0].note, "");
  EXPECT_EQ(a.stages[1].note, "two_pass_smem needs CUDA: shown with the CPU's openmp variant");
  EXPECT_EQ(a.plan.pipeline.stages[1].variant, "two_pass_smem");  // the chosen variant stays in the pipeline
  EXPECT_TRUE(a.plan.stages[1].fell_back());
  ASSERT_TRUE(b.valid);
  EXPECT_EQ(b.stages[1].note, "");
}

TEST_F(FakeLab, OccupancyExplanationsReachTheStageReports) {
  // The fake's kernel: 40 registers, block 32x8: 1280 per warp, 12 warps per sub-partition, 6 blocks of 8 warps.
  s_.pipeline = Parse({"gray", "gauss3:variant=smem:block=32x8"});
  runs_.Update(s_, engine_);
  const ui::SlotResult& a = s_.results[Slot::A];
  ASSERT_TRUE(a.valid) << (a.issue ? a.issue->message : "");
  EXPECT_EQ(a.stages[0].occupancy_explained, "");  // a CPU variant: no kernel
  const std::string& text = a.stages[1].occupancy_explained;
  EXPECT_NE(text.find("6 blocks/SM, 75% theoretical occupancy, limited by registers"), std::string::npos) << text;
  EXPECT_NE(text.find("To lift it: use 32 registers or fewer per thread"), std::string::npos) << text;
  EXPECT_NE(text.find("to fit 2 more blocks per SM"), std::string::npos) << text;
  EXPECT_DOUBLE_EQ(a.stages[1].occupancy, 0.75);
}

TEST_F(FakeLab, FactsOfAnEngineWithoutADeviceSayCpu) {
  EXPECT_FALSE(s_.facts.on_device);
  EXPECT_STREQ(s_.facts.time_label, "CPU time (wall)");
  EXPECT_EQ(engine_.device_tools(), nullptr);
  EXPECT_EQ(engine_.device_name(), "fake");
}

}  // namespace
}  // namespace fl::uitest
