// A run cancelled while a CPU filter is inside its rows (cpu::ForEachRow) skips the rows left, and the executor
// throws "cancelled" once the filter returns, keeping its previous result: the lab's reference chains stop at once
// when a person moves a parameter on, instead of finishing seconds of stale work.
#include <gtest/gtest.h>

#include <atomic>

#include "common/test_images.hpp"
#include "core/cpu/row_loop.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/plan.hpp"
#include "core/registry.hpp"

namespace fl {
namespace {

TEST(RowCancel, RowsAfterTheFlagAreSkipped) {
  std::atomic<bool> cancel{false};
  int rows = 0;
  {
    const cpu::CancelRowsScope scope(&cancel);
    cpu::ForEachRow(100, false, [&](int y) {
      ++rows;
      if (y == 10) cancel = true;
    });
  }
  EXPECT_EQ(rows, 11);
  // Outside the scope the flag is not this thread's any more: every row runs.
  rows = 0;
  cpu::ForEachRow(100, false, [&](int) { ++rows; });
  EXPECT_EQ(rows, 100);
}

TEST(RowCancel, ScopesNestAndRestore) {
  std::atomic<bool> outer{false}, inner{true};
  const cpu::CancelRowsScope a(&outer);
  {
    const cpu::CancelRowsScope b(&inner);
    int rows = 0;
    cpu::ForEachRow(8, true, [&](int) { ++rows; });
    EXPECT_EQ(rows, 0) << "a set flag skips every row, on every thread";
  }
  EXPECT_EQ(cpu::tl_cancel_rows, &outer);
}

// A filter that asks for the run's cancellation halfway through its rows (as another thread would), then walks them.
// Each run fills the rows it walks with its pass number, so that a kept partial output would show.
std::atomic<bool>* g_cancel = nullptr;
int g_rows = 0;
int g_pass = 0;
void CancelHalfway(const CpuCall& c) {
  ++g_pass;
  cpu::ForEachRow(c.in.height(), false, [&](int y) {
    ++g_rows;
    for (int x = 0; x < c.out.width(); ++x) c.out.Row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(g_pass);
    if (y == c.in.height() / 2) *g_cancel = true;
  });
}

Registry HalfwayRegistry() {
  FilterSpec f;
  f.id = "halfway";
  f.name = "cancels its run halfway";
  f.accepts = {PixelFormat::Gray8};
  VariantSpec v;
  v.id = "reference";
  v.backend = Backend::Cpu;
  v.cpu = CancelHalfway;
  f.variants = {v};
  return Registry({f});
}

TEST(RowCancel, TheExecutorThrowsAfterACancelledStageAndKeepsItsResult) {
  const Registry reg = HalfwayRegistry();
  Pipeline p;
  Stage s;
  s.filter = "halfway";
  s.variant = "reference";
  p.stages.push_back(s);
  const Image input = test::RandomImage(9, 40, PixelFormat::Gray8, 3u);
  const Plan plan = ResolvePipeline(reg, p, input.shape(), Backend::Cpu);
  ASSERT_TRUE(plan.ok()) << plan.issue->message;
  CpuExecutor exec;
  exec.SetInput(input);
  std::atomic<bool> unused{false}, cancel{false};
  g_cancel = &unused;  // the first run's flag is not the executor's: it runs to the end
  exec.Run(plan, nullptr);
  ASSERT_TRUE(exec.has_result());
  const Image first = exec.Host(0);
  g_cancel = &cancel;
  g_rows = 0;
  try {
    exec.Run(plan, &cancel);
    ADD_FAILURE() << "a stage cancelled inside its rows was kept";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "cancelled");
  }
  EXPECT_EQ(g_rows, 21) << "rows 0..20 ran, the rest were skipped";
  EXPECT_TRUE(exec.has_result());
  EXPECT_EQ(exec.Host(0), first) << "the previous result stays";
  g_cancel = nullptr;
}

}  // namespace
}  // namespace fl
