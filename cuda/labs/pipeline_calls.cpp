// A pipeline call as an application makes it: upload, kernels, download; the first call of a fresh executor
// and the steady calls after it.
#include <chrono>
#include <sstream>
#include <vector>

#include "core/error.hpp"
#include "core/labs/transfer_sizes.hpp"
#include "core/plan.hpp"
#include "core/stage_spec.hpp"
#include "cuda/cuda_executor.hpp"
#include "cuda/labs/transfers_lab.hpp"

namespace fl::cuda {
namespace {

double MsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

Pipeline ParsePipeline(const Registry& reg, const std::string& stages) {
  Pipeline p;
  std::stringstream in(stages);
  std::string spec;
  while (std::getline(in, spec, '>'))
    if (!spec.empty()) p.stages.push_back(ParseStageSpec(reg, spec, Backend::Cuda));
  if (p.stages.empty()) throw InputError("pipeline '" + stages + "' has no stages");
  return p;
}

PipelineCallTimes OneCall(Executor& exec, const Plan& plan, const Image& input) {
  PipelineCallTimes t;
  const auto t0 = std::chrono::steady_clock::now();
  exec.SetInput(input);
  t.upload_ms = MsSince(t0);
  exec.Run(plan);
  for (double ms : exec.stage_ms()) t.kernel_ms += ms;
  const auto t2 = std::chrono::steady_clock::now();
  const Image out = exec.Download(static_cast<int>(plan.stages.size()) - 1);
  t.download_ms = MsSince(t2);
  t.full_ms = MsSince(t0);
  return t;
}

}  // namespace

PipelineTransferTimes MeasurePipelineCalls(const Registry& reg, const std::string& stages, const Image& input,
                                           int repeats) {
  const Pipeline p = ParsePipeline(reg, stages);
  CudaExecutor exec;
  const Plan plan = ResolvePipeline(reg, p, input.shape(), Backend::Cuda, exec.limits());
  plan.Require();
  PipelineTransferTimes out;
  out.first = OneCall(exec, plan, input);
  std::vector<double> upload, kernel, download, full;
  for (int i = 0; i < repeats; ++i) {
    const PipelineCallTimes t = OneCall(exec, plan, input);
    upload.push_back(t.upload_ms);
    kernel.push_back(t.kernel_ms);
    download.push_back(t.download_ms);
    full.push_back(t.full_ms);
  }
  out.steady = {labs::MedianMs(upload), labs::MedianMs(kernel), labs::MedianMs(download),
                labs::MedianMs(full)};
  return out;
}

}  // namespace fl::cuda
