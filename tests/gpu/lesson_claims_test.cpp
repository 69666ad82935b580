// Measures every lesson's claim on the GPU (lessons/lessons.json): both sides timed alone by the benchmark's code
// (app/cli bench: warm-up runs, then the median of timed repeats between CUDA events, L2 flushed before each; a
// CPU side such as openmp by wall clock), or a lab's two variants through the lab itself. Prints a table of
// which claims held; a claim that does not hold fails, so that its lesson gets rewritten rather than taught.
#include <gtest/gtest.h>

#include <cstdio>

#include "app/cli/bench_runner.hpp"
#include "app/cli/lessons.hpp"
#include "common/test_images.hpp"
#include "core/error.hpp"
#include "core/lab_registry.hpp"
#include "core/plan.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"
#include "gpu_support.hpp"

namespace fl {
namespace {

constexpr int kRepeats = 30;
constexpr int kWarmup = 5;

// The median time of one stage spec on a generated image of `size` ("WxH") and `format`.
double TimeStage(const std::string& spec, const LessonClaim& c) {
  const Registry& reg = BuiltinRegistry();
  Stage stage = ParseStageSpec(reg, spec, Backend::Cuda);
  const VariantSpec* v = reg.Get(stage.filter).FindVariant(stage.variant);
  const Backend backend = v && v->backend == Backend::Cpu ? Backend::Cpu : Backend::Cuda;
  int w = 0, h = 0;
  if (std::sscanf(c.size.c_str(), "%dx%d", &w, &h) != 2) throw InputError("claim size '" + c.size + "'");
  const auto format = ParsePixelFormat(c.format);
  if (!format) throw InputError("claim format '" + c.format + "'");
  const Image input = test::RandomImage(w, h, *format, 11);
  Pipeline p;
  p.stages.push_back(stage);
  const DeviceLimits limits = cuda::QueryDeviceLimits();
  const Plan plan = ResolvePipeline(reg, p, input.shape(), backend, &limits);
  if (plan.issue) throw InputError(spec + ": " + plan.issue->message);
  cli::BenchOptions o;
  o.repeat = kRepeats;
  o.warmup = kWarmup;
  cli::BenchReport report;
  if (backend == Backend::Cuda)
    cli::BenchCuda(plan, input, o, report);
  else
    cli::BenchCpu(plan, input, o, report);
  if (report.rows.empty() || !report.rows[0].refused.empty())
    throw InputError(spec + " was not timed" + (report.rows.empty() ? "" : ": " + report.rows[0].refused));
  return report.rows[0].median_ms;
}

// A lab's variant times from its own run (the lab's JSON: variants [{id, ms}]).
std::pair<double, double> TimeLab(const LessonClaim& c) {
  const LabSpec& lab = GetLab(c.lab);  // InputError when this build has no such lab
  LabRequest r;
  r.backend = Backend::Cuda;
  r.variants = {c.faster, c.slower};
  r.repeat = kRepeats;
  const LabResult res = RunLab(lab, CheckedLabRequest(lab, r));
  double faster = -1, slower = -1;
  for (const auto& v : res.data.value("variants", nlohmann::json::array())) {
    if (v.value("id", "") == c.faster) faster = v.value("ms", -1.0);
    if (v.value("id", "") == c.slower) slower = v.value("ms", -1.0);
  }
  if (faster <= 0 || slower <= 0) throw InputError("lab " + c.lab + " reported no time for a variant of the claim");
  return {faster, slower};
}

TEST(LessonClaims, EachClaimHoldsOnThisGpu) {
  FL_SKIP_WITHOUT_CUDA_DEVICE();
  std::printf("%-28s %12s %12s %8s  %s\n", "lesson", "faster ms", "slower ms", "ratio", "claim");
  for (const Lesson& l : cli::BuiltinLessons()) {
    const LessonClaim& c = l.claim;
    double faster = 0, slower = 0;
    try {
      if (c.lab.empty()) {
        faster = TimeStage(c.faster, c);
        slower = TimeStage(c.slower, c);
      } else {
        std::tie(faster, slower) = TimeLab(c);
      }
    } catch (const std::exception& e) {
      ADD_FAILURE() << l.id << ": not measured: " << e.what();
      std::printf("%-28s %12s %12s %8s  NOT MEASURED: %s\n", l.id.c_str(), "-", "-", "-", e.what());
      continue;
    }
    const bool holds = faster <= slower * (1.0 + c.margin) && (c.margin > 0 || faster < slower);
    std::printf("%-28s %12.4f %12.4f %8.2f  %s: %s\n", l.id.c_str(), faster, slower, slower / faster,
                holds ? "HOLDS" : "DOES NOT HOLD", c.statement.c_str());
    EXPECT_TRUE(holds) << l.id << ": '" << c.statement << "' does not hold here: " << c.faster << " " << faster
                       << " ms against " << c.slower << " " << slower << " ms (margin " << c.margin << ")";
  }
}

}  // namespace
}  // namespace fl
