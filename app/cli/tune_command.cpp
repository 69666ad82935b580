// filterlab tune: every launch configuration of one stage's CUDA variant (block sizes, and the pixels per
// thread and halo steps it takes) validated by the plan and the valid ones timed with CUDA events on a cold
// L2 (one warm-up, --repeat runs, the median; a run three times slower than the best so far is not repeated).
#include "app/cli/tune_command.hpp"

#include <chrono>
#include <cstdio>

#include "app/cli/bench_input.hpp"
#include "core/error.hpp"
#include "core/stage_spec.hpp"
#include "core/text_file.hpp"
#include "core/tune_session.hpp"
#include "cuda/cuda_executor.hpp"
#include "cuda/device_info.hpp"
#include "cuda/tune_timer.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::cli {

Command AddTuneCommand(CLI::App& app) {
  auto o = std::make_shared<TuneOptions>();
  CLI::App* tune =
      app.add_subcommand("tune", "Sweep a stage's launch configurations on the GPU and report the best");
  tune->add_option("--input", o->input, "Input image");
  tune->add_option("--size", o->size, "Generated input size WxH (instead of --input)");
  tune->add_option("--format", o->format, "gray8, rgba8 or gray32f (with --size)");
  tune->add_option("--stage", o->stage, "The stage to tune (stage spec, a CUDA variant)")->required();
  tune->add_option("--json", o->json, "Write every configuration and the best as JSON");
  tune->add_option("--csv", o->csv, "Write every configuration as CSV");
  tune->add_option("--repeat", o->repeat, "Timed runs per configuration (default 3)")
      ->check(CLI::Range(1, 1000));
  tune->add_flag("--quick", o->quick, "Fewer configurations: blocks 16..256 x 1..8, ppt 1 and 4");
  return {tune, [o] { return TuneCommand(*o); }};
}

std::string SweepTable(const TuneSweep& s) {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "%-34s %-8s %10s %10s %4s  %s\n", "launch", "status", "median ms",
                "min ms", "n", "reason");
  out += line;
  for (const TuneCell& c : s.cells) {
    const char* status = !c.refused.empty() ? "refused" : c.samples > 0 ? "ok" : "pending";
    std::snprintf(line, sizeof line, "%-34s %-8s %10.4f %10.4f %4d  %s\n", Describe(c.launch, s.uses).c_str(),
                  status, c.median_ms, c.min_ms, c.samples, c.refused.c_str());
    out += line;
  }
  return out;
}

namespace {

// The best configuration against the stage's own launch.
void PrintBest(const TuneSweep& s) {
  const int best = s.Best();
  const int def = s.Find(s.default_launch);
  if (best < 0) {
    std::printf("no configuration ran\n");
    return;
  }
  const TuneCell& b = s.cells[static_cast<std::size_t>(best)];
  std::printf("best: %s  %.4f ms\n", Describe(b.launch, s.uses).c_str(), b.median_ms);
  if (def >= 0 && s.cells[static_cast<std::size_t>(def)].ran()) {
    const TuneCell& d = s.cells[static_cast<std::size_t>(def)];
    std::printf("default: %s  %.4f ms (best is %.2fx faster)\n", Describe(d.launch, s.uses).c_str(),
                d.median_ms, b.median_ms > 0 ? d.median_ms / b.median_ms : 0.0);
  }
}

}  // namespace

int TuneCommand(const TuneOptions& o) {
  const Registry& reg = BuiltinRegistry();
  const Stage stage = ParseStageSpec(reg, o.stage, Backend::Cuda);
  const FilterSpec& f = reg.Get(stage.filter);
  const VariantSpec& v = reg.GetVariant(f, stage.variant);
  if (v.backend != Backend::Cuda)
    throw InputError("tune: variant '" + v.id + "' runs on the CPU: it has no launch configuration to tune");
  if (cuda::DeviceCount() == 0) throw InputError("tune: tuning needs CUDA (" + cuda::NoDeviceReason() + ")");
  const Image input = BenchInput(o.input, o.size, o.format);
  const DeviceLimits limits = cuda::QueryDeviceLimits();
  Pipeline p;
  p.stages.push_back(stage);
  const Plan plan = ResolvePipeline(reg, p, input.shape(), Backend::Cuda, &limits);
  plan.Require();

  TuneRequest request = MakeTuneRequest(reg, stage, input.shape(), limits);
  request.quick = o.quick;
  request.repeats = o.repeat;
  TuneSession session(request);

  cuda::CudaExecutor exec;
  exec.SetInput(input);
  const DeviceView in = exec.DeviceOutput(-1);
  cuda::CudaTuneTimer timer(in, f.inputs == 2 ? &in : nullptr, exec.stream(),
                            true);  // a second input: the source
  const auto start = std::chrono::steady_clock::now();
  while (!session.Step(timer, 1000.0))
    std::fprintf(stderr, "tune: %d of %d configurations timed\n", session.timed(), session.to_time());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const TuneSweep& s = session.sweep();
  std::printf("%s", SweepTable(s).c_str());
  std::printf("%s %s on %s, %dx%d %s: %zu configurations, %d timed, %.1f s\n", f.id.c_str(), v.id.c_str(),
              limits.name.c_str(), input.width(), input.height(),
              std::string(ToString(input.format())).c_str(), s.cells.size(), session.to_time(), seconds);
  PrintBest(s);
  if (!o.csv.empty()) WriteTextFileAtomically(o.csv, SweepCsv(s), "tuning CSV");
  if (!o.json.empty()) WriteTextFileAtomically(o.json, SweepJson(s), "tuning JSON");
  return 0;
}

}  // namespace fl::cli
