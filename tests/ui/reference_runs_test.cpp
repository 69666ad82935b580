// The A/B comparison's CPU reference chains run on worker threads (app/ui/reference_runs.hpp): a chain gives the
// same bytes as running it in place, a frame that does not wait sees it running until it arrives, a chain no longer
// wanted is cancelled and never cached, a failed chain says why, and a new input drops what was cached.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "app/ui/engine.hpp"
#include "app/ui/reference_runs.hpp"
#include "common/test_images.hpp"
#include "core/cpu_executor.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"
#include "ui/ui_test_support.hpp"
#include "ui/fake_executor.hpp"

namespace fl::ui {
namespace {

using uitest::Chain;

ReferenceRuns::Request Request(const std::string& key, std::initializer_list<const char*> specs) {
  return {key, Chain(specs)};
}

// Polls until a chain arrives (a minute at most).
void AwaitArrival(ReferenceRuns& runs) {
  for (int i = 0; i < 6000 && !runs.Poll(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

const Image& Input() {
  static const Image img = test::RandomImage(67, 45, PixelFormat::Rgba8, 2026u);
  return img;
}

TEST(ReferenceRuns, AChainGivesTheBytesOfRunningItInPlace) {
  ReferenceRuns runs(BuiltinRegistry());
  const ReferenceRuns::Request r = Request("blur", {"gauss:variant=openmp:radius=3", "dilate5:variant=openmp"});
  const auto out = runs.Want({r}, Input(), -1);
  ASSERT_EQ(out.size(), 1u);
  ASSERT_NE(out[0].outputs, nullptr) << out[0].error;
  EXPECT_EQ(*out[0].outputs, RunPipelineCpu(BuiltinRegistry(), r.chain, Input()).outputs);
  EXPECT_FALSE(runs.running());
}

TEST(ReferenceRuns, WithoutWaitingAChainRunsUntilItArrives) {
  ReferenceRuns runs(BuiltinRegistry());
  const ReferenceRuns::Request r = Request("sobel", {"gray:variant=openmp", "sobel:variant=openmp"});
  auto out = runs.Want({r}, Input(), 0);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0].running());
  EXPECT_TRUE(runs.running());
  AwaitArrival(runs);
  EXPECT_FALSE(runs.running());
  out = runs.Want({r}, Input(), 0);
  ASSERT_NE(out[0].outputs, nullptr) << "cached once it arrived";
  EXPECT_EQ(out[0].outputs->back(), RunPipelineCpu(BuiltinRegistry(), r.chain, Input()).outputs.back());
}

TEST(ReferenceRuns, AChainNoLongerWantedIsCancelledAndNeverCached) {
  ReferenceRuns runs(BuiltinRegistry());
  // Seconds of work on this input: the widest direct gauss on 1024x1024.
  const Image big = test::RandomImage(1024, 1024, PixelFormat::Gray8, 7u);
  const ReferenceRuns::Request slow = Request("slow", {"gauss:variant=openmp:radius=32:sigma=9"});
  const ReferenceRuns::Request quick = Request("quick", {"invert:variant=openmp"});
  EXPECT_TRUE(runs.Want({slow}, big, 0)[0].running());
  // The parameter moved on: only `quick` is wanted now; `slow` stops (its rows are skipped) and is not cached.
  const auto out = runs.Want({quick}, big, -1);
  ASSERT_NE(out[0].outputs, nullptr) << out[0].error;
  EXPECT_FALSE(runs.running());
  EXPECT_TRUE(runs.Want({slow, quick}, big, 0)[0].running()) << "the cancelled chain was cached";
  runs.CancelAll();
  EXPECT_FALSE(runs.running());
}

TEST(ReferenceRuns, BothSlotsChainsRunTogetherAndFailuresSayWhy) {
  ReferenceRuns runs(BuiltinRegistry());
  // sobel has no rgba8 code: on this rgba8 input the plan refuses the chain, which fails with the plan's reason.
  const ReferenceRuns::Request good = Request("a", {"box:variant=openmp:radius=2"});
  const ReferenceRuns::Request bad = Request("b", {"sobel:variant=openmp"});
  const auto out = runs.Want({good, bad}, Input(), -1);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_NE(out[0].outputs, nullptr) << out[0].error;
  EXPECT_EQ(out[1].outputs, nullptr);
  EXPECT_NE(out[1].error.find("sobel"), std::string::npos) << out[1].error;
  EXPECT_FALSE(out[1].running());
}

TEST(ReferenceRuns, ANewInputDropsTheCachedChains) {
  ReferenceRuns runs(BuiltinRegistry());
  const ReferenceRuns::Request r = Request("invert", {"invert:variant=openmp"});
  ASSERT_NE(runs.Want({r}, Input(), -1)[0].outputs, nullptr);
  const Image other = test::RandomImage(5, 3, PixelFormat::Gray8, 1u);
  runs.InputChanged();
  EXPECT_TRUE(runs.Want({r}, other, 0)[0].running()) << "the old input's chain was kept";
  const auto out = runs.Want({r}, other, -1);
  ASSERT_NE(out[0].outputs, nullptr) << out[0].error;
  EXPECT_EQ(out[0].outputs->back(), RunPipelineCpu(BuiltinRegistry(), r.chain, other).outputs.back());
}

// The engine asks for A's and B's chains at once; with no wait the first answer is "running", and once the chains
// arrive they are the reference's bytes.
TEST(ReferenceRuns, EngineAnswersRunningThenTheReferenceBytes) {
  auto controls = std::make_shared<uitest::FakeControls>();
  Engine engine(BuiltinRegistry(), Backend::Cpu, uitest::FakeFactory(controls), "fake");
  engine.SetInput(Input());
  engine.set_reference_wait(0);
  const Pipeline a = Chain({"gauss:radius=2"}), b = Chain({"gauss:radius=5"});
  auto refs = engine.ReferenceOutputs({a, b}, 0);
  ASSERT_EQ(refs.size(), 2u);
  EXPECT_TRUE(refs[0].running());
  EXPECT_TRUE(refs[1].running());
  for (int i = 0; i < 6000 && engine.references_running(); ++i) {
    engine.PollReferences();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  refs = engine.ReferenceOutputs({a, b}, 0);
  ASSERT_NE(refs[0].image, nullptr) << refs[0].error;
  ASSERT_NE(refs[1].image, nullptr) << refs[1].error;
  const FilterSpec& gauss = BuiltinRegistry().Get("gauss");
  EXPECT_EQ(*refs[0].image, RunCpuVariant(gauss, gauss.Reference(), a.stages[0].params, Input()));
  EXPECT_EQ(*refs[1].image, RunCpuVariant(gauss, gauss.Reference(), b.stages[0].params, Input()));
  // kShowInput (and any stage the chain lacks) is the input itself.
  EXPECT_EQ(engine.ReferenceOutputs({a}, kShowInput)[0].image, &engine.input());
}

}  // namespace
}  // namespace fl::ui
