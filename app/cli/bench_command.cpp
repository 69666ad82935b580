// filterlab bench: every selected stage variant timed alone on that stage's real input, with CUDA events (or the
// CPU clock on the CPU backend), against a device-to-device copy moving the same number of bytes.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <cstdio>
#include <optional>

#include "app/cli/bench_input.hpp"
#include "app/cli/bench_report.hpp"
#include "app/cli/bench_runner.hpp"
#include "app/cli/commands.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/stage_spec.hpp"
#include "cuda/device_info.hpp"
#include "cuda/event_timer.hpp"
#include "cuda/cuda_executor.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::cli {

std::string Today() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

namespace {

std::string ShapeText(const ImageShape& s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height) + " " + std::string(ToString(s.format));
}

// The variants a stage expands into: the code its plan runs, or with --variants all every variant of its filter
// on the backend.
std::vector<const VariantSpec*> Candidates(const PlannedStage& s, Backend backend, bool all) {
  if (!all) return {s.variant};
  std::vector<const VariantSpec*> out;
  for (const auto& v : s.filter->variants)
    if (v.backend == backend) out.push_back(&v);
  return out;
}

// A row for variant v of planned stage r: filter, variant (marked when deliberately wrong), launch, input.
BenchRow RowOf(const PlannedStage& r, const VariantSpec& v, std::string launch) {
  BenchRow row;
  row.filter = r.filter->id;
  row.variant = v.id + (v.agreement == Agreement::KnownWrong ? " (wrong)" : "");
  row.launch = std::move(launch);
  row.input = ShapeText(r.in);
  row.format = std::string(ToString(r.in.format));
  row.size = std::to_string(r.in.width) + "x" + std::to_string(r.in.height);
  row.params = ParamsText(*r.filter, r.params);
  return row;
}

float MedianOf(std::vector<float> v) {
  std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

}  // namespace

void BenchCpu(const Plan& plan, const Image& input, const BenchOptions& o, BenchReport& report) {
  CpuExecutor exec;
  exec.SetInput(input);
  exec.Run(plan);  // every stage's real input
  for (std::size_t i = 0; i < plan.stages.size(); ++i) {
    const PlannedStage& r = plan.stages[i];
    if (!r.enabled) continue;
    const Image& in = exec.Host(static_cast<int>(i) - 1);
    const Image* second = r.second == kNoSecondInput ? nullptr : &exec.Host(r.second - 1);
    for (const VariantSpec* v : Candidates(r, Backend::Cpu, o.variants == "all")) {
      if (!r.filter->VariantRuns(*v, r.params, r.in.format)) continue;
      BenchRow row = RowOf(r, *v, "CPU");
      std::vector<float> ms;
      for (int k = 0; k < o.warmup + o.repeat; ++k) {
        const auto t0 = std::chrono::steady_clock::now();
        RunCpuVariant(*r.filter, *v, r.params, in, second);
        const auto t1 = std::chrono::steady_clock::now();
        if (k >= o.warmup) ms.push_back(std::chrono::duration<float, std::milli>(t1 - t0).count());
      }
      row.median_ms = MedianOf(ms);
      row.min_ms = *std::min_element(ms.begin(), ms.end());
      row.bytes = plan.StageBytes(i);
      row.gbs = row.bytes / (row.median_ms * 1e6);
      report.rows.push_back(row);
    }
  }
}

namespace {

// Times one planned variant alone on its stage's real input: only its launches lie between the events.
void TimeVariant(const PlannedStage& ps, const DeviceView& in, const DeviceView* second, cudaStream_t stream,
                 const BenchOptions& o, const cuda::L2Flusher* flush, BenchRow& row) {
  cuda::DeviceImage out(ps.out);
  cuda::DeviceBuffer scratch;
  if (ps.scratch_bytes) scratch = cuda::DeviceBuffer::Allocate(ps.scratch_bytes);
  auto work = [&] { cuda::LaunchPlannedStage(ps, in, out.view(), second, scratch, stream); };
  const cuda::TimingSamples t = cuda::TimeOnStream(stream, o.warmup, o.repeat, work, flush);
  row.median_ms = t.Median();
  row.min_ms = t.Min();
}

}  // namespace

void BenchCuda(const Plan& plan, const Image& input, const BenchOptions& o, BenchReport& report) {
  cuda::CudaExecutor exec;
  report.device = exec.limits()->name;
  exec.SetInput(input);
  exec.Run(plan);  // every stage's real input, on the device
  const cudaStream_t stream = exec.stream();
  std::optional<cuda::L2Flusher> flusher;
  if (o.flush_l2) flusher.emplace();
  const cuda::L2Flusher* flush = flusher ? &*flusher : nullptr;
  std::map<std::size_t, double> copy_gbs;  // by bytes copied
  for (std::size_t i = 0; i < plan.stages.size(); ++i) {
    const PlannedStage& r = plan.stages[i];
    if (!r.enabled) continue;
    const DeviceView in = exec.DeviceOutput(static_cast<int>(i) - 1);
    const DeviceView second_view = exec.DeviceOutput(r.second - 1);
    const DeviceView* second = r.second == kNoSecondInput ? nullptr : &second_view;
    for (const VariantSpec* v : Candidates(r, Backend::Cuda, o.variants == "all")) {
      if (!r.filter->VariantRuns(*v, r.params, r.in.format)) continue;
      const LaunchConfig launch = VariantLaunchFor(r, *v, *exec.limits());
      BenchRow row = RowOf(r, *v, Describe(launch, v->uses));
      try {
        const PlannedStage ps = PlanVariant(*r.filter, *v, r.params, launch, r.in, *exec.limits());
        TimeVariant(ps, in, second, stream, o, flush, row);
      } catch (const InputError& e) {
        row.refused = e.what();
        report.rows.push_back(row);
        continue;
      }
      row.bytes = plan.StageBytes(i);
      row.gbs = row.bytes / (row.median_ms * 1e6);
      // A copy that reads and writes the same total: bytes/2 read, bytes/2 written.
      const std::size_t copy_bytes = static_cast<std::size_t>(row.bytes / 2);
      if (!copy_gbs.count(copy_bytes)) {
        const cuda::TimingSamples c = cuda::TimeDeviceCopy(copy_bytes, stream, o.warmup, o.repeat, flush);
        copy_gbs[copy_bytes] = 2.0 * static_cast<double>(copy_bytes) / (c.Median() * 1e6);
      }
      row.copy_gbs = copy_gbs[copy_bytes];
      row.pct_of_copy = 100.0 * row.gbs / row.copy_gbs;
      report.rows.push_back(row);
    }
  }
}

int BenchCommand(const BenchOptions& o) {
  if (o.suite) return BenchSuite(o);
  if (o.repeat < 1 || o.repeat > 100000) throw InputError("--repeat " + std::to_string(o.repeat) + " is not in 1..100000");
  if (o.warmup < 0 || o.warmup > 10000) throw InputError("--warmup " + std::to_string(o.warmup) + " is not in 0..10000");
  if (!o.variants.empty() && o.variants != "all") throw InputError("--variants '" + o.variants + "' is not 'all'");
  if (o.stages.empty()) throw InputError("no stages: give --stage SPEC (see 'filterlab list')");
  const Registry& reg = BuiltinRegistry();
  const Backend backend = ChooseBackend(o.backend);
  Pipeline p;
  for (const auto& spec : o.stages) p.stages.push_back(ParseStageSpec(reg, spec, backend));
  const Image input = BenchInput(o.input, o.size, o.format);
  std::optional<DeviceLimits> limits;
  if (backend == Backend::Cuda) limits = cuda::QueryDeviceLimits();
  const Plan plan = ResolvePipeline(reg, p, input.shape(), backend, limits ? &*limits : nullptr);
  plan.Require();
  for (const std::string& note : plan.Notes()) std::fprintf(stderr, "note: %s\n", note.c_str());

  BenchReport report = NewReport(backend, o);
  if (backend == Backend::Cuda)
    BenchCuda(plan, input, o, report);
  else
    BenchCpu(plan, input, o, report);
  PrintBenchTable(report);
  if (!o.json.empty()) WriteBenchJson(report, o.json);
  return 0;
}

}  // namespace fl::cli
