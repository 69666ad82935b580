// On the CPU backend the window's engine runs each slot's plan on a worker thread (app/ui/background_cpu_run.hpp),
// so that a slow pipeline never stalls the lab: the slot shows its previous result until the run arrives, the
// newest plan waits for the run under way (which it cancels once that has gone on long enough), A and B take
// turns, a new input or a forgotten slot stops the run, and a run that fails says why and keeps the previous result.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "app/ui/engine.hpp"
#include "app/ui/slot_runs.hpp"
#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"
#include "ui/ui_test_support.hpp"

namespace fl::ui {
namespace {

using uitest::Chain;

// A third of a second of work on one core here (a 0.13 Mpx rgba8 blur with 65 taps each way; a minute under ASan):
// no worker ends it before Run returns. Longer: eight of them (cancelled long before their end).
Pipeline Slow() { return Chain({"gauss:variant=reference:radius=32:sigma=16"}); }
Pipeline Slower() {
  const char* blur = "gauss:variant=reference:radius=32:sigma=16";
  return Chain({blur, blur, blur, blur, blur, blur, blur, blur});
}
Pipeline Quick(int radius) {
  return Chain({("box:variant=openmp:radius=" + std::to_string(radius)).c_str()});
}

constexpr int kPolls = 30000;  // of 10 ms at most: five minutes, for ASan builds

const Image& BigInput() {
  static const Image img = test::RandomImage(512, 256, PixelFormat::Rgba8, 77u);
  return img;
}

class CpuWorkerRuns : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_.set_run_wait(0);
    engine_.SetInput(BigInput());
  }
  // Finishes the slot's worker runs (five minutes at most), returning the pipelines installed, in order.
  std::vector<Pipeline> AwaitAll(Slot slot) {
    std::vector<Pipeline> installed;
    for (int i = 0; i < kPolls && engine_.running(slot); ++i) {
      if (engine_.Finish(slot))
        installed.push_back(engine_.result(slot).pipeline);
      else
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return installed;
  }
  static Image Expected(const Pipeline& p) {
    if (p == Slow()) {  // computed once for every test
      static const Image slow = RunPipelineCpu(BuiltinRegistry(), Slow(), BigInput()).outputs.back();
      return slow;
    }
    return RunPipelineCpu(BuiltinRegistry(), p, BigInput()).outputs.back();
  }

  Engine engine_{BuiltinRegistry(), Backend::Cpu, [] { return std::make_unique<CpuExecutor>(); }, "CPU"};
};

TEST_F(CpuWorkerRuns, ARunArrivesLaterAndTheSlotShowsThePreviousResultMeanwhile) {
  engine_.set_run_wait(-1);  // in place: the first result
  ASSERT_TRUE(engine_.Run(Slot::A, Quick(1)));
  EXPECT_FALSE(engine_.running(Slot::A));
  const Image first = engine_.Download(Slot::A, 0);
  EXPECT_EQ(first, Expected(Quick(1)));

  engine_.set_run_wait(0);
  EXPECT_FALSE(engine_.Run(Slot::A, Slow()));
  EXPECT_TRUE(engine_.running(Slot::A));
  EXPECT_TRUE(engine_.runs_running());
  EXPECT_EQ(engine_.result(Slot::A).pipeline, Quick(1)) << "what is listed is what is shown";
  EXPECT_EQ(engine_.Download(Slot::A, 0), first);
  EXPECT_FALSE(engine_.Finish(Slot::A)) << "not ended yet";

  EXPECT_EQ(AwaitAll(Slot::A), std::vector<Pipeline>{Slow()});
  EXPECT_FALSE(engine_.running(Slot::A));
  EXPECT_EQ(engine_.Download(Slot::A, 0), Expected(Slow()));
  ASSERT_EQ(engine_.stage_ms(Slot::A).size(), 1u);
  EXPECT_GT(engine_.stage_ms(Slot::A)[0], 0.0);
}

TEST_F(CpuWorkerRuns, TheNewestPlanWaitsForTheRunUnderWayAndTheOnesBetweenNeverRun) {
  engine_.set_supersede_after(600);  // never cancelled here
  EXPECT_FALSE(engine_.Run(Slot::A, Slow()));
  EXPECT_FALSE(engine_.Run(Slot::A, Quick(2)));  // waits
  EXPECT_FALSE(engine_.Run(Slot::A, Quick(3)));  // replaces the one waiting
  EXPECT_TRUE(engine_.running(Slot::A));
  EXPECT_EQ(AwaitAll(Slot::A), (std::vector<Pipeline>{Slow(), Quick(3)}));
  EXPECT_EQ(engine_.Download(Slot::A, 0), Expected(Quick(3)));
}

TEST_F(CpuWorkerRuns, AWaitingPlanCancelsARunThatHasGoneOnTooLong) {
  engine_.set_supersede_after(0.05);
  EXPECT_FALSE(engine_.Run(Slot::A, Slower()));
  EXPECT_FALSE(engine_.Run(Slot::A, Quick(2)));  // at once: the run is young, so it is not cancelled yet...
  const auto t0 = std::chrono::steady_clock::now();
  // ...but once it has gone on too long, the frames' Finish cancels it; it is never installed.
  EXPECT_EQ(AwaitAll(Slot::A), std::vector<Pipeline>{Quick(2)});
  EXPECT_EQ(engine_.Download(Slot::A, 0), Expected(Quick(2)));
  // Its rows stopped at once: far less than the eight blurs' seconds on one core.
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 2.0);
}

TEST_F(CpuWorkerRuns, TheSlotsTakeTurnsOnOneWorker) {
  engine_.set_supersede_after(600);
  EXPECT_FALSE(engine_.Run(Slot::A, Slow()));
  EXPECT_FALSE(engine_.Run(Slot::B, Quick(2)));
  EXPECT_TRUE(engine_.running(Slot::B)) << "waiting for A's run: each would take every core";
  EXPECT_FALSE(engine_.settled(Slot::B));
  std::vector<Slot> arrivals;
  for (int i = 0; i < kPolls && engine_.runs_running(); ++i) {
    bool any = false;
    for (Slot slot : {Slot::B, Slot::A})  // B asks first: it still waits for A
      if (engine_.Finish(slot)) {
        arrivals.push_back(slot);
        any = true;
      }
    if (!any) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(arrivals, (std::vector<Slot>{Slot::A, Slot::B}));
  EXPECT_EQ(engine_.Download(Slot::A, 0), Expected(Slow()));
  EXPECT_EQ(engine_.Download(Slot::B, 0), Expected(Quick(2)));
}

TEST_F(CpuWorkerRuns, ASlotIsSettledWhenNothingUnderWayWouldChangeItsPipeline) {
  EXPECT_TRUE(engine_.settled(Slot::A));
  engine_.set_run_wait(-1);
  engine_.Run(Slot::A, Quick(1));
  engine_.set_run_wait(0);
  engine_.Run(Slot::A, Quick(1));  // measuring continuously: the same plan again
  EXPECT_TRUE(engine_.settled(Slot::A));
  AwaitAll(Slot::A);
  engine_.Run(Slot::A, Slow());
  EXPECT_FALSE(engine_.settled(Slot::A)) << "an edit under way";
  AwaitAll(Slot::A);
  EXPECT_TRUE(engine_.settled(Slot::A));
}

TEST_F(CpuWorkerRuns, ARunSaysHowManyOfItsStagesAreDone) {
  EXPECT_EQ(engine_.progress(Slot::A).total, 0) << "nothing runs";
  engine_.set_supersede_after(600);
  EXPECT_FALSE(engine_.Run(Slot::A, Slower()));
  EXPECT_FALSE(engine_.Run(Slot::B, Quick(1)));
  EXPECT_EQ(engine_.progress(Slot::A).total, 8);
  EXPECT_LT(engine_.progress(Slot::A).done, 8);
  EXPECT_EQ(engine_.progress(Slot::B).done, 0) << "waiting for A's run";
  EXPECT_EQ(engine_.progress(Slot::B).total, 1);
  int done = 0;
  for (int i = 0; i < kPolls && done < 1; ++i) {
    done = engine_.progress(Slot::A).done;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_GE(done, 1) << "the first blur ended";
  EXPECT_LE(engine_.progress(Slot::A).done, 8);
  engine_.Forget(Slot::A);
  EXPECT_EQ(engine_.progress(Slot::A).total, 0);
}

TEST_F(CpuWorkerRuns, ANewInputOrAForgottenSlotStopsTheRun) {
  EXPECT_FALSE(engine_.Run(Slot::A, Slower()));
  EXPECT_FALSE(engine_.Run(Slot::B, Slower()));
  engine_.Forget(Slot::B);
  EXPECT_FALSE(engine_.running(Slot::B));
  EXPECT_FALSE(engine_.has_result(Slot::B));
  EXPECT_TRUE(engine_.running(Slot::A));
  const Image small = test::RandomImage(31, 17, PixelFormat::Rgba8, 5u);
  engine_.SetInput(small);
  EXPECT_FALSE(engine_.running(Slot::A));
  EXPECT_FALSE(engine_.has_result(Slot::A));
  EXPECT_FALSE(engine_.Finish(Slot::A));
  // The next run reads the new input.
  EXPECT_TRUE(AwaitAll(Slot::A).empty());
  engine_.Run(Slot::A, Quick(1));
  if (engine_.running(Slot::A)) AwaitAll(Slot::A);
  EXPECT_EQ(engine_.Download(Slot::A, 0), RunPipelineCpu(BuiltinRegistry(), Quick(1), small).outputs.back());
}

TEST_F(CpuWorkerRuns, ARunThatFailsSaysWhyAndKeepsThePreviousResult) {
  engine_.set_run_wait(-1);
  engine_.Run(Slot::A, Quick(1));
  engine_.set_run_wait(0);
  // A plan made for another input passes Run's checks and fails on the worker.
  Plan other = ResolvePipeline(BuiltinRegistry(), Quick(2), ImageShape{8, 8, PixelFormat::Rgba8}, Backend::Cpu);
  std::string error;
  auto note = [&](auto&& call) {
    try {
      call();
    } catch (const InputError& e) {
      error = e.what();
    }
  };
  // Run itself throws when the worker fails within the wait, else Finish does.
  note([&] { engine_.Run(Slot::A, other); });
  for (int i = 0; i < kPolls && engine_.running(Slot::A); ++i) {
    note([&] { engine_.Finish(Slot::A); });
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_NE(error.find("another input shape"), std::string::npos) << error;
  EXPECT_FALSE(engine_.running(Slot::A));
  EXPECT_EQ(engine_.result(Slot::A).pipeline, Quick(1));
  EXPECT_EQ(engine_.Download(Slot::A, 0), Expected(Quick(1)));
}

TEST_F(CpuWorkerRuns, SlotRunsSayARunIsUnderWayAndRecordItWhenItArrives) {
  AppState s;
  s.registry = &BuiltinRegistry();
  SlotRuns runs;
  s.pipeline = Slow();
  s.pipeline_edited = true;
  EXPECT_FALSE(runs.Update(s, engine_)) << "nothing to show yet";
  EXPECT_TRUE(s.results[Slot::A].running);
  EXPECT_EQ(s.results[Slot::A].running_stages, 1);
  EXPECT_FALSE(s.results[Slot::A].valid);
  bool arrived = false;
  for (int i = 0; i < kPolls && !arrived; ++i) {
    arrived = runs.Update(s, engine_);
    if (!arrived) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_TRUE(arrived);
  const SlotResult& a = s.results[Slot::A];
  EXPECT_FALSE(a.running);
  EXPECT_TRUE(a.valid);
  EXPECT_EQ(a.plan.pipeline, Slow());
  EXPECT_EQ(a.runs, 1);
  ASSERT_EQ(a.stages.size(), 1u);
  EXPECT_GT(a.total_ms, 0.0);
  EXPECT_FALSE(runs.Update(s, engine_)) << "nothing edited: nothing runs";
}

TEST_F(CpuWorkerRuns, EscStopsAnEditUnderWayAndTheSlotSaysSo) {
  AppState s;
  s.registry = &BuiltinRegistry();
  SlotRuns runs;
  engine_.set_run_wait(-1);
  s.pipeline = Quick(1);
  s.pipeline_edited = true;
  runs.Update(s, engine_);  // in place: the previous result
  engine_.set_run_wait(0);
  s.pipeline = Slower();
  s.pipeline_edited = true;
  s.continuous = true;
  runs.Update(s, engine_);
  ASSERT_TRUE(s.results[Slot::A].running);
  runs.CancelWorkerRuns(s, engine_);
  EXPECT_TRUE(engine_.settled(Slot::A));
  EXPECT_FALSE(s.results[Slot::A].running);
  ASSERT_TRUE(s.results[Slot::A].issue);
  EXPECT_NE(s.results[Slot::A].issue->message.find("cancelled (Esc)"), std::string::npos);
  EXPECT_TRUE(s.results[Slot::A].valid) << "the previous result stays";
  EXPECT_EQ(engine_.result(Slot::A).pipeline, Quick(1));
  // Measuring continuously goes on timing the shown result; the cancelled edit waits for the next edit.
  EXPECT_FALSE(runs.Update(s, engine_));
  EXPECT_TRUE(engine_.settled(Slot::A));
  EXPECT_FALSE(s.results[Slot::A].running) << "a re-run of the shown plan is not an edit under way";
  s.continuous = false;  // the re-run under way ends, and no other starts
  for (int i = 0; i < kPolls && engine_.running(Slot::A); ++i) {
    runs.Update(s, engine_);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(engine_.result(Slot::A).pipeline, Quick(1));
  EXPECT_TRUE(s.results[Slot::A].issue) << "still says the edit did not run";
}

}  // namespace
}  // namespace fl::ui
