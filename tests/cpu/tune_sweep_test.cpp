// The autotuner without a GPU: the configurations a sweep tries, the plan's refusals with their reasons, the
// best configuration, early stopping, progress and cancel (with a fake timer), and the CSV / JSON round
// trips.
#include <gtest/gtest.h>

#include <map>

#include "core/error.hpp"
#include "core/plan.hpp"
#include "core/stage_spec.hpp"
#include "core/sweep_grid.hpp"
#include "core/tune_session.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

// A made-up cost: fastest at block 64x4, ppt 4; counts every call per configuration.
class FakeTimer final : public TuneTimer {
 public:
  double TimeOnce(const PlannedStage& s) override {
    ++calls[Key(s.launch)];
    const LaunchConfig& c = s.launch;
    return 1.0 + std::abs(c.block_x - 64) / 64.0 + std::abs(c.block_y - 4) / 4.0 + std::abs(c.ppt - 4) / 4.0;
  }
  static std::string Key(const LaunchConfig& c) {
    return Describe(c, LaunchUse{true, true, false, true, 1, 1, 1, 1});
  }
  std::map<std::string, int> calls;
};

TuneRequest RequestFor(const std::string& spec, ImageShape shape = {256, 128, PixelFormat::Gray8}) {
  const Registry& reg = BuiltinRegistry();
  return MakeTuneRequest(reg, ParseStageSpec(reg, spec, Backend::Cuda), shape, PortableCudaLimits());
}

TEST(TuneSweep, ConfigurationsCoverTheAxesWithinTheDeviceLimit) {
  LaunchUse use;
  use.block = use.ppt = true;
  use.ppt_min = 1;
  use.ppt_max = 8;
  const LaunchConfig base{32, 8, 4, true, 1};
  const std::vector<LaunchConfig> all = SweepConfigs(use, base, PortableCudaLimits(), false);
  // Blocks: x 8..1024 (powers of two), y 1..32 with x*y <= 1024: 6+6+6+5+4+3+2+1 = 33; x 96, 192, 384, 768:
  // 4+3+2+1 = 10 more; ppt 1, 2, 4, 8.
  EXPECT_EQ(all.size(), 43u * 4u);
  for (const LaunchConfig& c : all) {
    EXPECT_LE(c.block_x * c.block_y, 1024);
    EXPECT_EQ(c.halo, 1);  // not used: the base's
  }
  EXPECT_NE(std::find(all.begin(), all.end(), base), all.end());
  // Quick: x 16..256, y 1..8 (x*y <= 1024: 4+4+4+4+3 = 19), ppt 1 and 4.
  EXPECT_EQ(SweepConfigs(use, base, PortableCudaLimits(), true).size(), 19u * 2u);
  // A base outside the axes (48x3, ppt 3) is still tried.
  const LaunchConfig odd{48, 3, 3, true, 1};
  const auto with_odd = SweepConfigs(use, odd, PortableCudaLimits(), true);
  EXPECT_NE(std::find(with_odd.begin(), with_odd.end(), odd), with_odd.end());
}

TEST(TuneSweep, RefusedConfigurationsCarryThePlansReasonAndAreNotTimed) {
  // The separable Gaussian's apron must cover the radius: halo x block x >= radius for the row pass.
  TuneRequest r = RequestFor("gauss:variant=separable:radius=20");
  TuneSession session(r);
  int refused = 0;
  for (const TuneCell& c : session.sweep().cells)
    if (!c.refused.empty()) {
      ++refused;
      EXPECT_NE(c.refused.find("separable"), std::string::npos) << c.refused;
    }
  EXPECT_GT(refused, 0);
  EXPECT_LT(session.to_time(), static_cast<int>(session.sweep().cells.size()));
  FakeTimer timer;
  EXPECT_TRUE(session.Step(timer, 1e9));
  for (const TuneCell& c : session.sweep().cells) {
    const int calls = timer.calls[FakeTimer::Key(c.launch)];
    if (!c.refused.empty())
      EXPECT_EQ(calls, 0) << c.refused;
    else
      EXPECT_GT(calls, 0);
  }
}

TEST(TuneSweep, BestIsTheFastestThatRanAndSlowOnesStopEarly) {
  TuneRequest r = RequestFor("gray:variant=fast", {256, 128, PixelFormat::Rgba8});
  r.repeats = 3;
  r.warmup = 1;
  TuneSession session(r);
  FakeTimer timer;
  session.Step(timer, 1e9);
  const TuneSweep& s = session.sweep();
  const int best = s.Best();
  ASSERT_GE(best, 0);
  EXPECT_EQ(s.cells[static_cast<std::size_t>(best)].launch.block_x, 64);
  EXPECT_EQ(s.cells[static_cast<std::size_t>(best)].launch.block_y, 4);
  EXPECT_EQ(s.cells[static_cast<std::size_t>(best)].launch.ppt, 4);
  EXPECT_DOUBLE_EQ(s.cells[static_cast<std::size_t>(best)].median_ms, 1.0);
  // Block 1024x1 at ppt 64 costs far more than 3x the best: one warm-up and one timed run only.
  int stopped = 0;
  for (const TuneCell& c : s.cells)
    if (c.ran() && c.samples == 1) {
      ++stopped;
      EXPECT_EQ(timer.calls[FakeTimer::Key(c.launch)], 2);
    }
  EXPECT_GT(stopped, 0);
  EXPECT_GE(s.Find(r.base), 0);  // the stage's own launch was timed too
}

TEST(TuneSweep, ProgressStepsAndCancelLeavesTheRestPending) {
  TuneSession session(RequestFor("gray:variant=fast", {256, 128, PixelFormat::Rgba8}));
  FakeTimer timer;
  const int total = session.to_time();
  ASSERT_GT(total, 3);
  EXPECT_FLOAT_EQ(session.progress(), 0.0f);
  EXPECT_FALSE(session.Step(timer, 0.0));  // a zero budget still times one configuration
  EXPECT_EQ(session.timed(), 1);
  EXPECT_FALSE(session.Step(timer, 0.0));
  EXPECT_EQ(session.timed(), 2);
  EXPECT_FLOAT_EQ(session.progress(), 2.0f / static_cast<float>(total));
  session.Cancel();
  EXPECT_TRUE(session.finished());
  EXPECT_TRUE(session.Step(timer, 1e9));  // nothing more runs
  EXPECT_EQ(session.timed(), 2);
  int ran = 0, pending = 0;
  for (const TuneCell& c : session.sweep().cells) {
    ran += c.ran();
    pending += c.refused.empty() && c.samples == 0;
  }
  EXPECT_EQ(ran, 2);
  EXPECT_EQ(pending, total - 2);
}

TEST(TuneSweep, CpuVariantsAndFixedLaunchesHaveNothingToTune) {
  try {
    TuneSession session(RequestFor("gray:variant=reference"));
    FAIL() << "a CPU variant was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("CPU"), std::string::npos) << e.what();
  }
}

TEST(TuneSweep, CsvAndJsonRoundTrip) {
  TuneRequest r = RequestFor("gauss:variant=separable:radius=20");
  r.quick = true;
  TuneSession session(r);
  FakeTimer timer;
  session.Step(timer, 0.0);
  session.Step(timer, 0.0);  // some ran, some refused, the rest pending
  TuneSweep s = session.sweep();
  s.cells[0].refused = "a reason with \"quotes\", and a comma";
  s.cells[0].samples = 0;
  EXPECT_EQ(CellsFromCsv(SweepCsv(s)), s.cells);
  const TuneSweep back = SweepFromJson(SweepJson(s));
  EXPECT_EQ(back.cells, s.cells);
  EXPECT_EQ(back.filter, "gauss");
  EXPECT_EQ(back.variant, "separable");
  EXPECT_EQ(back.params, "radius=20:sigma=2");
  EXPECT_EQ(back.shape, s.shape);
  EXPECT_EQ(back.default_launch, s.default_launch);
  EXPECT_EQ(back.Best(), s.Best());
  EXPECT_THROW(CellsFromCsv("not,a,tuning,table\n"), InputError);
  EXPECT_THROW(SweepFromJson("{\"filter\": 1"), InputError);
}

// The report's heat map (core/sweep_grid.hpp) reads the sweeps the tuner writes: the lab's Export report and
// `filterlab report --tune-json` both hand it SweepJson's text.
TEST(TuneSweep, TheReportsHeatMapReadsTheTunersJson) {
  TuneRequest r = RequestFor("dilate3:variant=naive");
  r.quick = true;
  TuneSession session(r);
  FakeTimer timer;
  while (!session.Step(timer, 1e9)) {
  }
  const TuneSweep s = session.sweep();
  const SweepGrid g = SweepGridFromJson(SweepJson(s));
  int ran = 0;
  for (const TuneCell& c : s.cells) ran += c.ran() ? 1 : 0;
  EXPECT_EQ(g.entries, static_cast<std::size_t>(ran));
  EXPECT_FALSE(g.xs.empty());
  EXPECT_FALSE(g.ys.empty());
}

}  // namespace
}  // namespace fl
