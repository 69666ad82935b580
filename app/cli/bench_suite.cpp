// filterlab bench --suite: every filter and every CUDA variant of the registry, on generated inputs of each format,
// with the device-to-device copy of the same bytes as the ceiling, in one process: the figures of
// docs/PERFORMANCE.md (bench/run_suite.sh renders them).
#include <cuda_runtime.h>

#include <cstdio>
#include <sstream>

#include "app/cli/bench_input.hpp"
#include "app/cli/bench_runner.hpp"
#include "core/error.hpp"
#include "core/stage_spec.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/device_info.hpp"
#include "cuda/event_timer.hpp"
#include "cuda/owners.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::cli {
namespace {

std::vector<PixelFormat> ParseFormats(const std::string& list) {
  std::vector<PixelFormat> out;
  std::stringstream ss(list);
  for (std::string item; std::getline(ss, item, ',');) {
    const auto f = ParsePixelFormat(item);
    if (!f) throw InputError("--formats: '" + item + "' is not gray8, rgba8 or gray32f");
    out.push_back(*f);
  }
  if (out.empty()) throw InputError("--formats is empty");
  return out;
}

// The copy ceiling for one format: a device-to-device copy of the image's bytes (read once, written once).
BenchRow CopyRow(const Image& input, const BenchOptions& o) {
  cuda::Stream stream = cuda::Stream::Create();
  std::optional<cuda::L2Flusher> flusher;
  if (o.flush_l2) flusher.emplace();
  const std::size_t bytes = input.shape().Bytes();
  const cuda::TimingSamples t =
      cuda::TimeDeviceCopy(bytes, stream.get(), o.warmup, o.repeat, flusher ? &*flusher : nullptr);
  BenchRow row;
  row.filter = "copy";
  row.variant = "cudaMemcpyAsync";
  row.launch = "device to device";
  row.format = std::string(ToString(input.format()));
  row.size = std::to_string(input.width()) + "x" + std::to_string(input.height());
  row.input = row.size + " " + row.format;
  row.median_ms = t.Median();
  row.min_ms = t.Min();
  row.bytes = 2.0 * static_cast<double>(bytes);
  row.gbs = row.copy_gbs = row.bytes / (row.median_ms * 1e6);
  row.pct_of_copy = 100.0;
  return row;
}

// One filter with one parameter set as a one-stage pipeline (a two-input filter reads the input twice).
Pipeline OneStage(const Registry& reg, const FilterSpec& f, const std::string& params) {
  std::string spec = f.id;
  if (!params.empty()) spec += ":" + params;
  if (f.inputs == 2) spec += ":with=source";
  Pipeline p;
  p.stages.push_back(ParseStageSpec(reg, spec, Backend::Cuda));
  return p;
}

}  // namespace

int BenchSuite(const BenchOptions& o) {
  if (!o.stages.empty() || !o.input.empty())
    throw InputError("--suite benchmarks every filter on generated inputs: give --size and --formats, not --stage "
                     "or --input");
  if (ChooseBackend(o.backend) != Backend::Cuda)
    throw InputError("--suite times CUDA variants against a device copy: it needs the cuda backend");
  const std::string size = o.size.empty() ? "8192x8192" : o.size;
  const std::vector<PixelFormat> formats = ParseFormats(o.formats);
  const Registry& reg = BuiltinRegistry();
  const DeviceLimits limits = cuda::QueryDeviceLimits();
  BenchReport report = NewReport(Backend::Cuda, o);
  BenchOptions all = o;
  all.variants = "all";
  for (PixelFormat format : formats) {
    const Image input = BenchInput("", size, std::string(ToString(format)));
    report.rows.push_back(CopyRow(input, o));
    for (const FilterSpec& f : reg.filters()) {
      if (!f.Accepts(format)) continue;
      std::vector<std::string> cases = {""};
      cases.insert(cases.end(), f.bench_cases.begin(), f.bench_cases.end());
      for (const std::string& params : cases) {
        const Plan plan = ResolvePipeline(reg, OneStage(reg, f, params), input.shape(), Backend::Cuda, &limits);
        if (!plan.ok()) {
          std::fprintf(stderr, "note: %s %s skipped: %s\n", f.id.c_str(), params.c_str(), plan.issue->message.c_str());
          continue;
        }
        std::fprintf(stderr, "bench: %s %s %s\n", f.id.c_str(), params.c_str(), std::string(ToString(format)).c_str());
        BenchCuda(plan, input, all, report);
      }
    }
  }
  PrintBenchTable(report);
  if (!o.json.empty()) WriteBenchJson(report, o.json);
  return 0;
}

std::string ParamsText(const FilterSpec& f, const ParamValues& p) {
  std::string s;
  for (const auto& ps : f.params)
    if (p.Has(ps.name)) s += (s.empty() ? "" : ":") + ps.name + "=" + FormatParam(p.All().at(ps.name));
  return s;
}

BenchReport NewReport(Backend backend, const BenchOptions& o) {
  BenchReport r;
  r.backend = std::string(ToString(backend));
  r.date = Today();
  r.repeat = o.repeat;
  r.flush_l2 = o.flush_l2 && backend == Backend::Cuda;
  r.device = "CPU";
  r.commit = FILTERLAB_COMMIT;
  if (backend == Backend::Cuda) {
    int driver = 0;
    FL_CUDA_CHECK(cudaDriverGetVersion(&driver));
    r.driver = std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10);
  }
  return r;
}

}  // namespace fl::cli
