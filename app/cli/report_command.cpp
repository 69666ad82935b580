// `filterlab report --preset P --out DIR`: runs a preset (and optionally a B preset beside it) a few times and
// writes report.md with PNG charts (app/cli/report.hpp).
#include <algorithm>
#include <cstdio>
#include <memory>

#include "app/cli/bench_runner.hpp"
#include "app/cli/chain_runner.hpp"
#include "app/cli/command_line.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/report.hpp"
#include "core/error.hpp"
#include "cuda/device_info.hpp"
#include "core/image_io.hpp"
#include "core/preset.hpp"
#include "core/stage_spec.hpp"
#include "core/test_patterns.hpp"
#include "core/text_file.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::cli {
namespace {

struct ReportOptions {
  std::string preset, compare, out, input, backend, tune_json;
  int repeat = 10;
};

struct SlotRun {
  std::vector<ReportStage> stages;
  Image output;
};

// Runs the chain `repeat` times; each stage's median and minimum over the runs.
SlotRun RunSlot(const Registry& reg, const Pipeline& p, const Image& input, Backend backend, int repeat,
                const char* name) {
  std::unique_ptr<Chain> chain;
  try {
    chain = std::make_unique<Chain>(reg, p, input, backend);
  } catch (const InputError& e) {
    throw InputError(std::string(name) + ": " + e.what());
  }
  std::vector<std::vector<double>> times(chain->plan().stages.size());
  SlotRun run;
  for (int r = 0; r < repeat; ++r) {
    ChainResult res = chain->Run(false);
    for (std::size_t i = 0; i < times.size() && i < res.stage_ms.size(); ++i) times[i].push_back(res.stage_ms[i]);
    if (r + 1 == repeat) run.output = res.final_output(input);
  }
  for (std::size_t i = 0; i < times.size(); ++i) {
    const PlannedStage& ps = chain->plan().stages[i];
    ReportStage s;
    s.spec = FormatStageSpec(reg, chain->plan().pipeline.stages[i]);
    s.enabled = ps.enabled;
    s.note = ps.note;
    // The launch that ran: the spec names only the fields set, the variant's rule chose the others.
    if (ps.enabled && ps.runs_cuda() && UsedFields(ps.variant->uses) != 0)
      s.note += (s.note.empty() ? "" : "; ") + std::string("launch ") + Describe(ps.launch, ps.variant->uses);
    std::vector<double>& t = times[i];
    if (!t.empty()) {
      std::sort(t.begin(), t.end());
      s.median_ms = t[t.size() / 2];
      s.min_ms = t.front();
    }
    run.stages.push_back(s);
  }
  return run;
}

Image ReportInput(const std::string& path, std::string& label) {
  if (!path.empty()) {
    Image img = LoadImage(path);
    label = path;
    return img;
  }
  PatternRequest r;  // 1024x1024 gray8 zone plate
  label = "generated " + PatternLabel(r);
  return GeneratePattern(r);
}

int ReportCommand(const ReportOptions& o) {
  if (o.repeat < 1 || o.repeat > 1000) throw InputError("--repeat must be in 1..1000");
  const Registry& reg = BuiltinRegistry();
  const Backend backend = ChooseBackend(o.backend);
  const Pipeline pa = LoadRunnablePreset(reg, o.preset, backend);
  const std::optional<Pipeline> pb =
      o.compare.empty() ? std::nullopt : std::optional<Pipeline>(LoadRunnablePreset(reg, o.compare, backend));
  ReportData d;
  d.sweep_json = o.tune_json.empty() ? "" : ReadTextFile(o.tune_json, "sweep JSON");
  d.sweep_source = o.tune_json;
  const Image input = ReportInput(o.input, d.input);
  d.input += " (" + std::to_string(input.width()) + "x" + std::to_string(input.height()) + " " +
             std::string(ToString(input.format())) + ")";
  const BenchReport facts = NewReport(backend, BenchOptions{});
  d.title = "Filter Lab report: " + o.preset;
  d.backend = std::string(ToString(backend));
  d.device = backend == Backend::Cuda ? cuda::QueryDeviceLimits().name + ", driver " + facts.driver : facts.device;
  d.date = facts.date;
  d.commit = facts.commit;
  d.time_kind = TimeKind(backend);
  d.runs = o.repeat;
  PrepareReportFolder(o.out);  // after every input is read (a bad one creates nothing), before any run
  SlotRun a = RunSlot(reg, pa, input, backend, o.repeat, "preset A");
  d.a = a.stages;
  if (pb) {
    SlotRun b = RunSlot(reg, *pb, input, backend, o.repeat, "preset B");
    d.b = b.stages;
    ReportMetrics m{"A vs B", std::nullopt, ""};
    try {
      m.metrics = CompareImages(a.output, b.output);
    } catch (const InputError& e) {
      m.error = e.what();
    }
    d.metrics.push_back(m);
  }
  const ReportFiles files = WriteReport(d, o.out);
  std::printf("wrote %s", files.markdown.c_str());
  for (const std::string& f : files.images) std::printf(", %s", f.c_str());
  std::printf("\n");
  return 0;
}

}  // namespace

Command AddReportCommand(CLI::App& app) {
  auto o = std::make_shared<ReportOptions>();
  CLI::App* sub = app.add_subcommand("report", "Run a preset and write DIR/report.md with PNG charts");
  sub->add_option("--preset", o->preset, "Pipeline preset (JSON) for A")->required();
  sub->add_option("--out", o->out, "Folder to write report.md and the PNGs into")->required();
  sub->add_option("--input", o->input, "Input image (default: a generated 1024x1024 gray8 zone plate)");
  sub->add_option("--compare", o->compare, "Preset for B: its times and the A/B metrics join the report");
  sub->add_option("--backend", o->backend, "cuda or cpu (default: cuda when a device is present)");
  sub->add_option("--tune-json", o->tune_json, "An autotune sweep (JSON) to draw as a heat map");
  sub->add_option("--repeat", o->repeat, "Runs each median is taken over (default 10)");
  return {sub, [o] { return ReportCommand(*o); }};
}

}  // namespace fl::cli
