// The valid edge cases of the hostile corpus (1x1, 1xN, Nx1, 16-bit, palette, grey+alpha, CMYK, animated GIF,
// HDR) through every filter with every parameter at its largest value (the largest radius): each either runs
// on the CPU backend with the output shape its declaration promises, or is refused before running with an
// error that names the stage (a format the filter does not take).
#include <gtest/gtest.h>

#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "core/plan.hpp"
#include "filters/builtin_registry.hpp"
#include "hostile_corpus.hpp"

namespace fl {
namespace {

// The filter's defaults with every number at its maximum, except where that would make an output larger than
// a test should allocate (letterbox's 16384x16384): those keep their defaults.
ParamValues LargestParams(const FilterSpec& f, const ImageShape& in) {
  ParamValues p = DefaultParams(f.params);
  for (const ParamSpec& ps : f.params) {
    if (ps.type == ParamType::Choice) continue;
    ParamValues trial = p;
    trial.Set(ps.name, ps.max);
    if (f.OutputShape(in, trial).Pixels() <= (std::size_t{1} << 20)) p = trial;
  }
  return p;
}

TEST(HostileFilters, EveryValidEdgeCaseThroughEveryFilterAtItsLargestParameters) {
  const Registry& reg = BuiltinRegistry();
  int runs = 0, refused = 0;
  for (const auto& c : test::HostileCases()) {
    if (!c.ok) continue;
    const Image input = LoadImage(test::HostilePath(c.file));
    for (const FilterSpec& f : reg.filters()) {
      SCOPED_TRACE(c.file + " through " + f.id);
      Pipeline p;
      Stage st = MakeStage(reg, f.id, Backend::Cpu);
      st.params = LargestParams(f, input.shape());
      p.stages.push_back(st);
      const Plan plan = ResolvePipeline(reg, p, input.shape(), Backend::Cpu);
      if (!f.Accepts(input.format())) {
        ASSERT_FALSE(plan.ok());
        EXPECT_NE(plan.issue->message.find("stage 1 (" + f.id + ")"), std::string::npos)
            << plan.issue->message;
        ++refused;
        continue;
      }
      ASSERT_TRUE(plan.ok()) << plan.issue->message;
      const CpuRun run = RunPipelineCpu(reg, p, input);
      ASSERT_EQ(run.outputs.size(), 1u);
      EXPECT_EQ(run.outputs[0].shape(), f.OutputShape(input.shape(), st.params));
      ++runs;
    }
  }
  EXPECT_GT(runs, 300);
  EXPECT_GT(refused, 0);
}

}  // namespace
}  // namespace fl
